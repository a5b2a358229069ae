import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import type { RawData } from 'ws';
import { WORKING_VERSION } from '@edrf/model';
import type { AppContext } from '../context.js';
import { requestToken } from '../auth/sessions.js';
import { projectAccess } from '../auth/permissions.js';
import { isUuid } from '../auth/tokens.js';
import { HttpError } from '../http/errors.js';
import { CLOSE, MAX_FRAME_BYTES, maxIfcBytes, serverMessageText, type ServerMessage } from '../ifc-upload/protocol.js';
import { UploadSession } from '../ifc-upload/session.js';
import { beginImport, type UploadTarget } from '../ifc-upload/import.js';

const toBuffer = (data: RawData): Buffer => (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer));

type Refusal = (typeof CLOSE)[keyof typeof CLOSE];

/** Who may upload: a signed-in member of the project, into a version it has; else why the socket is closed. */
async function authorize(ctx: AppContext, request: FastifyRequest): Promise<UploadTarget | Refusal> {
  const { projectId, projectVersionId } = request.params as { projectId: string; projectVersionId: string };
  const token = requestToken(request);
  const user = token ? await ctx.sessions.lookup(token) : null;
  if (!user) return CLOSE.unauthenticated;
  try {
    await projectAccess(ctx.db, user, projectId, 'member');
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return CLOSE.projectNotFound;
  }
  const versionExists =
    projectVersionId === WORKING_VERSION ||
    (isUuid(projectVersionId) &&
      (await ctx.db
        .selectFrom('project_versions')
        .select('project_version_id')
        .where('project_id', '=', projectId)
        .where('project_version_id', '=', projectVersionId)
        .executeTakeFirst()) !== undefined);
  return versionExists ? { projectId, projectVersionId } : CLOSE.versionNotFound;
}

/** WebSocket /ws/v1/{project_id}/{project_version_id}/upload_ifc (P§4, P§7; docs/ifc-upload.md). */
export async function ifcUploadRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  const maxBytes = maxIfcBytes();

  // The caller is checked before the upgrade completes, so that an open socket is one the user may upload on; a
  // refused caller still gets a socket, closed at once with the reason (P§7).
  const checked = new WeakMap<FastifyRequest, UploadTarget | Refusal>();
  const preValidation = async (request: FastifyRequest) => {
    try {
      checked.set(request, await authorize(ctx, request));
    } catch (error) {
      request.log.error(error, 'IFC upload: checking the caller failed');
      checked.set(request, CLOSE.internal);
    }
  };

  app.get('/ws/v1/:projectId/:projectVersionId/upload_ifc', { websocket: true, preValidation }, (socket, request) => {
    const target = checked.get(request) ?? CLOSE.internal;
    if ('code' in target) {
      socket.close(target.code, target.reason);
      return;
    }
    const send = (message: ServerMessage) => {
      // A text frame, whether the message is written as a string or as UTF-8 bytes (done).
      if (socket.readyState === socket.OPEN) socket.send(serverMessageText(message), { binary: false });
    };
    const fault = (error: unknown) => request.log.error(error, 'IFC upload failed');
    const session = new UploadSession({ maxBytes, send, fault, begin: () => beginImport(ctx, target) });
    // Messages are handled one at a time, in the order they arrived.
    let queue: Promise<void> = Promise.resolve();
    socket.on('message', (data, isBinary) => {
      queue = queue
        .then(async () => {
          if (socket.readyState === socket.OPEN) await session.handle(toBuffer(data), isBinary);
        })
        .catch(fault);
    });
  });
}
