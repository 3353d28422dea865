-- Storefront caches (platform/store-changes.ts) hear every change to what the storefront shows or
-- prices on the channel store_changes: the merchant account's id, or '*' after a TRUNCATE. pg_notify is
-- delivered at commit and merged within a transaction, so a bulk change sends one notice per account.
CREATE OR REPLACE FUNCTION notify_store_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('store_changes', '*');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('store_changes', OLD.merchant_account_id::text);
  ELSE
    PERFORM pg_notify('store_changes', NEW.merchant_account_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER merchant_branch_store_change AFTER INSERT OR UPDATE OR DELETE ON merchant_branch FOR EACH ROW EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER merchant_branch_store_truncate AFTER TRUNCATE ON merchant_branch FOR EACH STATEMENT EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER branch_settings_store_change AFTER INSERT OR UPDATE OR DELETE ON branch_settings FOR EACH ROW EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER branch_settings_store_truncate AFTER TRUNCATE ON branch_settings FOR EACH STATEMENT EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER licence_store_change AFTER INSERT OR UPDATE OR DELETE ON licence FOR EACH ROW EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER licence_store_truncate AFTER TRUNCATE ON licence FOR EACH STATEMENT EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER department_store_change AFTER INSERT OR UPDATE OR DELETE ON department FOR EACH ROW EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER department_store_truncate AFTER TRUNCATE ON department FOR EACH STATEMENT EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER tax_store_change AFTER INSERT OR UPDATE OR DELETE ON tax FOR EACH ROW EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER tax_store_truncate AFTER TRUNCATE ON tax FOR EACH STATEMENT EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER product_store_change AFTER INSERT OR DELETE ON product FOR EACH ROW EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
-- An order taking stock down changes nothing the storefront shows or prices.
CREATE TRIGGER product_store_change_update AFTER UPDATE ON product FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'current_stock' - 'updated_date') IS DISTINCT FROM (to_jsonb(NEW) - 'current_stock' - 'updated_date'))
  EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER product_store_truncate AFTER TRUNCATE ON product FOR EACH STATEMENT EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER product_tag_store_change AFTER INSERT OR UPDATE OR DELETE ON product_tag FOR EACH ROW EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER product_tag_store_truncate AFTER TRUNCATE ON product_tag FOR EACH STATEMENT EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER product_product_tag_store_change AFTER INSERT OR UPDATE OR DELETE ON product_product_tag FOR EACH ROW EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER product_product_tag_store_truncate AFTER TRUNCATE ON product_product_tag FOR EACH STATEMENT EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER product_group_store_change AFTER INSERT OR UPDATE OR DELETE ON product_group FOR EACH ROW EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER product_group_store_truncate AFTER TRUNCATE ON product_group FOR EACH STATEMENT EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER product_group_product_store_change AFTER INSERT OR UPDATE OR DELETE ON product_group_product FOR EACH ROW EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER product_group_product_store_truncate AFTER TRUNCATE ON product_group_product FOR EACH STATEMENT EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER web_menu_store_change AFTER INSERT OR UPDATE OR DELETE ON web_menu FOR EACH ROW EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER web_menu_store_truncate AFTER TRUNCATE ON web_menu FOR EACH STATEMENT EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER web_menu_product_tag_store_change AFTER INSERT OR UPDATE OR DELETE ON web_menu_product_tag FOR EACH ROW EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER web_menu_product_tag_store_truncate AFTER TRUNCATE ON web_menu_product_tag FOR EACH STATEMENT EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER mix_and_match_store_change AFTER INSERT OR UPDATE OR DELETE ON mix_and_match FOR EACH ROW EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER mix_and_match_store_truncate AFTER TRUNCATE ON mix_and_match FOR EACH STATEMENT EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER mix_and_match_product_store_change AFTER INSERT OR UPDATE OR DELETE ON mix_and_match_product FOR EACH ROW EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER mix_and_match_product_store_truncate AFTER TRUNCATE ON mix_and_match_product FOR EACH STATEMENT EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER stored_file_store_change AFTER INSERT OR UPDATE OR DELETE ON stored_file FOR EACH ROW EXECUTE FUNCTION notify_store_change();
--> statement-breakpoint
CREATE TRIGGER stored_file_store_truncate AFTER TRUNCATE ON stored_file FOR EACH STATEMENT EXECUTE FUNCTION notify_store_change();
