-- Which instance holds a delivery job's lease (its host and process, as chore_runs names it): an
-- operator, or the chaos run, can tell whose death leaves a job to run out its lease.
ALTER TABLE delivery_outbox ADD COLUMN leased_by text;
