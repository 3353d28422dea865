ALTER TABLE "customer_order_line" ADD COLUMN "web_menu_id" integer;--> statement-breakpoint
ALTER TABLE "customer_order_line" ADD COLUMN "tax_rate_bp" integer;--> statement-breakpoint
-- Lines sold before the rate was kept: the rate the basket priced them at, the product's, else its department's (0 without either).
UPDATE "customer_order_line" AS l SET "tax_rate_bp" = coalesce((
  SELECT t.rate_bp FROM "product" AS p
  JOIN "department" AS d ON d.merchant_account_id = p.merchant_account_id AND d.id = p.department_id
  JOIN "tax" AS t ON t.merchant_account_id = p.merchant_account_id AND t.id = coalesce(p.tax_id, d.tax_id)
  WHERE p.merchant_account_id = l.merchant_account_id AND p.id = l.product_id
), 0);--> statement-breakpoint
ALTER TABLE "customer_order_line" ALTER COLUMN "tax_rate_bp" SET NOT NULL;--> statement-breakpoint
-- The web menu item: the order's basket line in the same place (both are kept in the order they were added), when it is of the same product.
WITH ol AS (
  SELECT l.merchant_account_id, l.id, l.product_id, o.basket_id, row_number() OVER (PARTITION BY l.merchant_account_id, l.order_id ORDER BY l.id) AS n
  FROM "customer_order_line" AS l
  JOIN "customer_order" AS o ON o.merchant_account_id = l.merchant_account_id AND o.id = l.order_id
), bl AS (
  SELECT b.merchant_account_id, b.basket_id, b.web_menu_id, row_number() OVER (PARTITION BY b.merchant_account_id, b.basket_id ORDER BY b.id) AS n
  FROM "basket_line" AS b
)
UPDATE "customer_order_line" AS l SET "web_menu_id" = bl.web_menu_id
FROM ol
JOIN bl ON bl.merchant_account_id = ol.merchant_account_id AND bl.basket_id = ol.basket_id AND bl.n = ol.n
JOIN "web_menu" AS w ON w.merchant_account_id = bl.merchant_account_id AND w.id = bl.web_menu_id
WHERE l.merchant_account_id = ol.merchant_account_id AND l.id = ol.id AND w.product_id IS NOT DISTINCT FROM ol.product_id;
