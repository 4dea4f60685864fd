import type { ExtractedDocument, IngestionFailureCode } from './extracted-document.ts';
import type { ExtractionLimits } from './limits.ts';

export interface WorkerRequest {
  id: number;
  bytes: Uint8Array;
  fileName: string;
  declaredMimeType: string | undefined;
  limits: ExtractionLimits;
}

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'done'; id: number; document: ExtractedDocument }
  | { type: 'failed'; id: number; code: IngestionFailureCode; reason: string };
