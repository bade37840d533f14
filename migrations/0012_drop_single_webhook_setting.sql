-- The single webhook URL of the account settings was saved but never posted to, and had no secret a
-- receiver could verify with: it is dropped, the endpoints table (0011) replaces it.
UPDATE accounts SET settings = json_remove(settings, '$.webhook') WHERE json_type(settings, '$.webhook') IS NOT NULL;
