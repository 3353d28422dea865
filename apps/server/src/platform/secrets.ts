import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/open-db';
import { serverSecret } from '../db/schema';

/** A named secret shared by every server instance: made once, then read from the database. */
export async function getOrCreateSecret(db: Db, name: string): Promise<string> {
  const fresh = randomBytes(32).toString('base64url');
  await db.insert(serverSecret).values({ name, value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(serverSecret).where(eq(serverSecret.name, name));
  return row.value;
}
