-- A game's region picker in one area (spec §9), as catalogue data instead of code: null for none, else
-- {"param": "area"|"region"|"subregion", "options": [{"label": "NA", "value": "us"}, …], "default_value": "us"}.
-- The rows below are spec §9's pickers for games 18, 44, 232 and 134, for stores that hold them already.
ALTER TABLE game_areas ADD COLUMN region_picker jsonb;
UPDATE game_areas SET region_picker = '{"param":"area","options":[{"label":"NA","value":"us"},{"label":"EU","value":"eu"},{"label":"AS","value":"en"}],"default_value":"us"}'::jsonb WHERE game_id = 18 AND area IN ('us', 'eu', 'en');
UPDATE game_areas SET region_picker = '{"param":"region","options":[{"label":"AM","value":"am"},{"label":"EU","value":"eu"}],"default_value":"am"}'::jsonb WHERE game_id = 44 AND area = 'us';
UPDATE game_areas SET region_picker = '{"param":"subregion","options":[{"label":"Asia","value":"asia"},{"label":"America","value":"america"},{"label":"Europe","value":"europe"}],"default_value":"america"}'::jsonb WHERE game_id = 232 AND area = 'en';
UPDATE game_areas SET region_picker = '{"param":"region","options":[{"label":"NA","value":"us"},{"label":"EU","value":"eu"}],"default_value":"us"}'::jsonb WHERE game_id = 134 AND area = 'multi';
