-- Equal lines of one basket (only two adds racing could make them) become one before the key that forbids them.
UPDATE "basket_line" AS "keep" SET "quantity_tenths" = least(9990, "merged"."total")
FROM (
  SELECT min("id") AS "id", "merchant_account_id", sum("quantity_tenths") AS "total"
  FROM "basket_line" GROUP BY "merchant_account_id", "basket_id", "web_menu_id", "extra_notes", "options" HAVING count(*) > 1
) AS "merged"
WHERE "keep"."merchant_account_id" = "merged"."merchant_account_id" AND "keep"."id" = "merged"."id";--> statement-breakpoint
DELETE FROM "basket_line" AS "extra" USING "basket_line" AS "first"
WHERE "first"."merchant_account_id" = "extra"."merchant_account_id" AND "first"."basket_id" = "extra"."basket_id"
  AND "first"."web_menu_id" = "extra"."web_menu_id" AND "first"."extra_notes" IS NOT DISTINCT FROM "extra"."extra_notes"
  AND "first"."options" = "extra"."options" AND "first"."id" < "extra"."id";--> statement-breakpoint
ALTER TABLE "basket_line" ADD CONSTRAINT "basket_line_content_key" UNIQUE NULLS NOT DISTINCT("merchant_account_id","basket_id","web_menu_id","extra_notes","options");
