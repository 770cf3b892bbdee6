import * as z from 'zod';
import { numberFromText } from '../build-options.js';
import { LoadOptionsSchema } from '../store/mysql/load-options.js';

/** `--batch` as text, checked by the same field as `loadFixture`'s `batchSize`. */
export const batchSizeFlag = z.preprocess(numberFromText, LoadOptionsSchema.shape.batchSize);
