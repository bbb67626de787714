SELECT * FROM jd_mark_running(200000 + $1, 'worker', 'w', 60000, 300000);
