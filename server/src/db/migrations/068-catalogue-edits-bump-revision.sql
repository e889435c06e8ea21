-- A change of the catalogue made outside the store's own writes (a direct SQL edit by an operator)
-- commits with a new catalogue revision too, announced like the store's own, so every instance serves
-- it: one bump per transaction. The store's writes (updateCatalogue) mark their transaction and bump the
-- revision themselves as they commit.
CREATE FUNCTION topup_catalogue_edited() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE bumped integer; BEGIN IF coalesce(current_setting('topup.catalogue_write', true), '') = 'on' THEN RETURN NULL; END IF; PERFORM set_config('topup.catalogue_write', 'on', true); UPDATE catalogue_revision SET revision = revision + 1 WHERE id = 1 RETURNING revision INTO bumped; PERFORM pg_notify('topup_catalogue', current_schema() || ':' || bumped); RETURN NULL; END $$;

CREATE TRIGGER games_edited AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON games FOR EACH STATEMENT EXECUTE FUNCTION topup_catalogue_edited();
CREATE TRIGGER game_areas_edited AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON game_areas FOR EACH STATEMENT EXECUTE FUNCTION topup_catalogue_edited();
CREATE TRIGGER servers_edited AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON servers FOR EACH STATEMENT EXECUTE FUNCTION topup_catalogue_edited();
CREATE TRIGGER product_tabs_edited AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_tabs FOR EACH STATEMENT EXECUTE FUNCTION topup_catalogue_edited();
CREATE TRIGGER pay_types_edited AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pay_types FOR EACH STATEMENT EXECUTE FUNCTION topup_catalogue_edited();
CREATE TRIGGER bundles_edited AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bundles FOR EACH STATEMENT EXECUTE FUNCTION topup_catalogue_edited();
CREATE TRIGGER banners_edited AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON banners FOR EACH STATEMENT EXECUTE FUNCTION topup_catalogue_edited();
CREATE TRIGGER store_settings_edited AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON store_settings FOR EACH STATEMENT EXECUTE FUNCTION topup_catalogue_edited();
CREATE TRIGGER discount_codes_edited AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON discount_codes FOR EACH STATEMENT EXECUTE FUNCTION topup_catalogue_edited();
