import {
  type EndpointDef,
  expressPath,
  type FilePart,
  hasUnstorableCharacters,
  UNSTORABLE_TEXT,
} from '@portal/contracts';
import express, { type NextFunction, type Request, type RequestHandler, type Response, Router } from 'express';
import multer from 'multer';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { authorize, type TokenVerifier } from '../auth';
import { requestContext } from '../log/logger';
import { setRouteLabel } from '../metrics/http-metrics';
import { assertPlainFileName, checkUpload } from '../storage';
import { validationError } from './error-handler';
import { HttpError } from './errors';
import { type HandlerInput, Reply, SENT, type UploadedFile } from './handler';

// biome-ignore lint/suspicious/noExplicitAny: the router stores handlers of every endpoint type
type AnyHandler = (input: HandlerInput<any>, ctx: any) => Promise<unknown>;

export interface ContractRouterOptions {
  endpoints: Record<string, EndpointDef>;
  handlers: Record<string, AnyHandler>;
  context: unknown;
  verifier: TokenVerifier;
  logger: Logger;
  /** check answers against the contract's response schemas (on outside production) */
  checkResponses: boolean;
}

const DEFAULT_JSON_LIMIT = 2 * 1024 * 1024;
const jsonBody = express.json({ limit: DEFAULT_JSON_LIMIT });
const formBody = express.urlencoded({ extended: false, limit: '1mb', parameterLimit: 200 });
/**
 * A form sent as multipart/form-data to an endpoint that takes no file (the spec's forms, e.g. a dealer
 * note's `note_text`): its text fields become the body, like urlencoded ones; a file part is refused.
 */
const multipartFields = multer({
  storage: multer.memoryStorage(),
  limits: { files: 0, fields: 200, fieldSize: 1024 * 1024, parts: 200 },
}).none();
const formFields: RequestHandler = (req, res, next) => {
  if (!req.is('multipart/form-data')) return next();
  multipartFields(req, res, (err: unknown) => {
    if (err instanceof multer.MulterError && (err.code === 'LIMIT_FILE_COUNT' || err.code === 'LIMIT_UNEXPECTED_FILE'))
      return next(new HttpError(400, 'This form takes no files'));
    next(err);
  });
};

function parse<T extends z.ZodType | undefined>(schema: T, value: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/**
 * The path of the first string in `value` (an object, array or string, as validated) that holds a NUL or a
 * lone surrogate, or null. The contract's text types refuse them already; this is the net for every other
 * string (passwords, lists, free-form maps), so no such character reaches a database or a mail.
 */
export function unstorableStringPath(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return hasUnstorableCharacters(value) ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (hasUnstorableCharacters(key)) return [...path, key];
    const found = unstorableStringPath(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

function refuseUnstorable(part: string, value: unknown): void {
  const path = unstorableStringPath(value);
  if (!path) return;
  const field = path.join('.') || part;
  throw new HttpError(400, `${field}: ${UNSTORABLE_TEXT}`, { errors: [{ path: field, message: UNSTORABLE_TEXT }] });
}

/** Multipart parsing for an endpoint with files: in memory, bounded, then checked by content. */
function multipartFor(endpoint: EndpointDef): RequestHandler {
  const parts = endpoint.files ?? [];
  const largest = Math.max(...parts.map((p) => p.maxBytes));
  const totalFiles = parts.reduce((sum, p) => sum + maxCountOf(p), 0);
  const upload = multer({
    storage: multer.memoryStorage(),
    // the name as sent (not cut to its last segment), so a name with a path is seen and refused
    preservePath: true,
    // browsers send the file name as UTF-8 bytes (HTML's form encoding); busboy's default would read latin1
    defParamCharset: 'utf8',
    limits: { fileSize: largest, files: totalFiles, fields: 40, fieldSize: 1024 * 1024, parts: 60 },
  }).fields(parts.map((p) => ({ name: p.field, maxCount: maxCountOf(p) })));
  return (req, res, next) => {
    upload(req, res, (err: unknown) => {
      if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE') {
        const part = parts.find((p) => p.field === err.field) ?? parts[0];
        return next(new HttpError(413, part?.messages.tooLarge ?? 'File is too large'));
      }
      if (err instanceof multer.MulterError && err.code === 'LIMIT_UNEXPECTED_FILE') {
        // multer says the same when a known field brings more files than its maxCount
        const part = parts.find((p) => p.field === err.field);
        if (part) return next(new HttpError(400, `${part.field}: at most ${maxCountOf(part)} files`));
        return next(new HttpError(400, `Unexpected file field "${err.field}"`));
      }
      if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_COUNT') {
        return next(new HttpError(400, `At most ${totalFiles} files in all`));
      }
      next(err);
    });
  };
}

/** How many files a part takes (one unless the contract says more). */
const maxCountOf = (part: FilePart) => Math.max(1, part.maxCount ?? 1);

/** Every received file checked by content and name; each field's files in the order sent. */
function collectFiles(endpoint: EndpointDef, req: Request): Record<string, UploadedFile[]> {
  const received = (req.files ?? {}) as Record<string, Express.Multer.File[]>;
  const lists: Record<string, UploadedFile[]> = {};
  for (const part of endpoint.files ?? []) {
    const sent = received[part.field] ?? [];
    // a required part with nothing sent is refused by checkUpload
    if (sent.length === 0) checkUpload(undefined, part);
    const list: UploadedFile[] = [];
    for (const file of sent) {
      const checked = checkUpload({ buffer: file.buffer, size: file.size }, part);
      if (hasUnstorableCharacters(file.originalname))
        throw new HttpError(400, `${part.field}: the file name ${UNSTORABLE_TEXT}`);
      // an empty file of an optional part counts as none sent (of a required one checkUpload refused it)
      if (!checked) continue;
      assertPlainFileName(file.originalname);
      list.push({
        field: part.field,
        originalName: file.originalname,
        buffer: file.buffer,
        size: file.size,
        contentType: checked.contentType,
      });
    }
    if (list.length > 0) lists[part.field] = list;
  }
  return lists;
}

/** The first file of each field (what a one-file part's handler reads). */
function firstFiles(lists: Record<string, UploadedFile[]>): Record<string, UploadedFile> {
  const files: Record<string, UploadedFile> = {};
  for (const [field, list] of Object.entries(lists)) if (list[0]) files[field] = list[0];
  return files;
}

/**
 * Mounts every endpoint of the contract that the service owns: role check from the verified token,
 * input validated with the contract's schemas, then the handler; its answer is JSON unless it wrote
 * the response itself.
 */
export function contractRouter(opts: ContractRouterOptions): Router {
  const router = Router();
  for (const [id, endpoint] of Object.entries(opts.endpoints)) {
    const handler = opts.handlers[id];
    if (!handler) throw new Error(`No handler for ${endpoint.method} ${endpoint.path} (${id})`);
    // a GET carries no body: its requests skip the parsers (images and lists are the hottest routes)
    const bodyParsers: RequestHandler[] =
      endpoint.method === 'GET'
        ? []
        : endpoint.files?.length
          ? [multipartFor(endpoint)]
          : [endpoint.maxBodyBytes ? express.json({ limit: endpoint.maxBodyBytes }) : jsonBody, formBody, formFields];
    const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    // a signed-in answer (or a public one carrying a token or personal data) is never kept by any cache
    const noStore = endpoint.access.kind !== 'public' || endpoint.noStore === true;

    const authenticate: RequestHandler = (req, res, next) => {
      setRouteLabel(res, id);
      if (noStore) res.setHeader('Cache-Control', 'no-store');
      try {
        const user = authorize(
          endpoint.access,
          req.header('authorization'),
          opts.verifier,
          req.params as Record<string, string>,
        );
        localsOf(req).user = user;
        const store = requestContext.getStore();
        if (store && user) store.user = { email: user.email, role: user.role };
        next();
      } catch (err) {
        next(err);
      }
    };

    const run = async (req: Request, res: Response, next: NextFunction) => {
      try {
        const params = parse(endpoint.params, req.params);
        const query = parse(endpoint.query, req.query);
        const body = parse(endpoint.body, req.body ?? (endpoint.method === 'GET' ? undefined : {}));
        refuseUnstorable('params', params);
        refuseUnstorable('query', query);
        refuseUnstorable('body', body);
        const fileLists = endpoint.files?.length ? collectFiles(endpoint, req) : {};
        const input: HandlerInput<EndpointDef> = {
          params: params as never,
          query: query as never,
          body: body as never,
          user: localsOf(req).user as never,
          files: firstFiles(fileLists),
          fileLists,
          req,
          res,
        };
        const result = await handler(input, opts.context);
        if (result === SENT) return;
        const [status, answer] = result instanceof Reply ? [result.status, result.body] : [200, result];
        if (opts.checkResponses && status < 300) {
          const checked = endpoint.response.safeParse(answer);
          if (!checked.success) {
            opts.logger.error({ endpoint: id, issues: checked.error.issues }, 'response does not match the contract');
            throw new HttpError(500, `Response of ${id} does not match the contract`);
          }
        }
        res.status(status).json(answer);
      } catch (err) {
        next(err);
      }
    };

    // Authenticate before reading any body: an anonymous upload is refused without being buffered.
    router[method](expressPath(endpoint.path), authenticate, ...bodyParsers, run);
  }
  return router;
}

function localsOf(req: Request): { user?: unknown } {
  return req.res!.locals as { user?: unknown };
}
