-- Decision 0670: 'Dienstplan importieren' remembers each business's last column mapping (which
-- column of the CSV file holds the person, the day, start, end and the team or payment point), so
-- the next file of the same rota program needs no mapping again.
CREATE TABLE rota_import_mappings (
  business_id uuid PRIMARY KEY REFERENCES businesses(id) ON DELETE CASCADE,
  mapping jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
