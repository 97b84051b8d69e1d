import { ConfigError } from './config.ts';
import { serve } from './serve.ts';

serve().catch((error) => {
  // A refused configuration says what to set, without a stack trace.
  console.error(error instanceof ConfigError ? `Cannot start: ${error.message}` : error);
  process.exit(1);
});
