-- The common currencies with reference rates to SEK (SEK per one unit), so feed costs convert
-- on a fresh database. Rates are data: operators of the platform update them in this table.
INSERT INTO "currencies" ("code", "name", "rate_to_sek") VALUES
  ('SEK', 'Swedish krona', 1),
  ('EUR', 'Euro', 11.0),
  ('USD', 'US dollar', 9.5),
  ('GBP', 'Pound sterling', 12.8),
  ('NOK', 'Norwegian krone', 0.93),
  ('DKK', 'Danish krone', 1.47),
  ('CHF', 'Swiss franc', 11.9),
  ('PLN', 'Polish zloty', 2.55),
  ('CNY', 'Chinese yuan', 1.32),
  ('JPY', 'Japanese yen', 0.063)
ON CONFLICT ("code") DO NOTHING;
