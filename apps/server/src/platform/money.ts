/**
 * Money is integer pence and rates are integer basis points in the database and in arithmetic;
 * the API shows decimals with two places. Rounding happens once, here.
 */
export const toPence = (amount: number) => Math.round(amount * 100);
export const fromPence = (pence: number) => pence / 100;
export const percentToBp = (percent: number) => Math.round(percent * 100);
