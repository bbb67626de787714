SELECT * FROM jd_mark_running(200000 + $1, 'worker', 'w', 60000, 300000, 'openai http://127.0.0.1:8001/v1');
