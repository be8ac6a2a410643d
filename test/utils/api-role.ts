// Imported first by specs whose in-process app must not consume jobs: APP_ROLE is read when the modules load.
process.env.APP_ROLE = 'api';
