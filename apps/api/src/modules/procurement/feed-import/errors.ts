import { JobFailure } from '../../../jobs/runner.js';

/**
 * The feed as a whole could not be imported (download failed, file unreadable, wrong mapping).
 * Its message is shown to the operator as it is; nothing has been written when it is thrown.
 */
export class FeedImportError extends JobFailure {}
