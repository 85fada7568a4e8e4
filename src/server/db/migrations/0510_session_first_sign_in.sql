-- Issue 47 item 8 (decision 0510): a session remembers whether it began the person's first
-- sign-in, so every page of that session (the admin dashboard's welcome line) greets a newcomer
-- as one and never with 'Willkommen zurück'. Sessions from before count as later sign-ins.
ALTER TABLE auth_sessions ADD COLUMN first_sign_in boolean NOT NULL DEFAULT false;
