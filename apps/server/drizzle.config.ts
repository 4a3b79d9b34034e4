import { defineConfig } from 'drizzle-kit';

// Migrations are generated from src/db/schema.ts into drizzle/ and run at start by the database plugin.
// Generation needs no database connection.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
