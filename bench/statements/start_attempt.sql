SELECT * FROM jd_start_attempt(200000 + $1, 'primary', 'automatic', 'start-' || $1::text, 'w', 60000, NULL, 'worker', 'w', NULL, 'pk-' || $1::text);
