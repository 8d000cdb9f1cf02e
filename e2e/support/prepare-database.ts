// Gives the e2e server an empty database: drops and recreates the PostgreSQL database named
// by DATABASE_URL, or empties the embedded database's data folder when there is none.
import { emptyDatabase } from './empty-database.ts';

await emptyDatabase(process.env.DATABASE_URL, process.env.DATA_DIR);
