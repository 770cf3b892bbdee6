// `note-context/http`: an entry of its own, so that the library does not load the HTTP layer.
export { noteContextPlugin, HANDLER_GRACE_MS, type NoteContextPluginOptions } from './note-context-plugin.js';
export { HTTP_ERROR_CODES, type ErrorBody, type HttpErrorCode } from './http-error.js';
export { READABLE_NOTEBOOKS_HEADER } from './context-query-schema.js';
export { REPORT_HEADER } from './context-envelope-schema.js';
export { REQUEST_ID_HEADER } from './request-id-of.js';
