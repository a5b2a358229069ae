import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import type { RawData, WebSocket } from 'ws';
import { WORKING_VERSION } from '@edrf/model';
import type { AppContext } from '../context.js';
import { requestToken } from '../auth/sessions.js';
import { projectAccess } from '../auth/permissions.js';
import { isUuid } from '../auth/tokens.js';
import { HttpError } from '../http/errors.js';
import { CLOSE, MAX_FRAME_BYTES, maxIfcBytes, type ServerMessage } from '../ifc-upload/protocol.js';
import { UploadSession } from '../ifc-upload/session.js';
import { importIfc, type UploadTarget } from '../ifc-upload/import.js';

const toBuffer = (data: RawData): Buffer => (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer));

/** Who may upload: a signed-in member of the project, into a version it has. Closes the socket otherwise. */
async function authorize(ctx: AppContext, request: FastifyRequest, socket: WebSocket): Promise<UploadTarget | null> {
  const { projectId, projectVersionId } = request.params as { projectId: string; projectVersionId: string };
  const token = requestToken(request);
  const user = token ? await ctx.sessions.lookup(token) : null;
  if (!user) {
    socket.close(CLOSE.unauthenticated.code, CLOSE.unauthenticated.reason);
    return null;
  }
  try {
    await projectAccess(ctx.db, user, projectId, 'member');
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    socket.close(CLOSE.projectNotFound.code, CLOSE.projectNotFound.reason);
    return null;
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
  if (!versionExists) {
    socket.close(CLOSE.versionNotFound.code, CLOSE.versionNotFound.reason);
    return null;
  }
  return { projectId, projectVersionId };
}

/** WebSocket /ws/v1/{project_id}/{project_version_id}/upload_ifc (P§4, P§7; docs/ifc-upload.md). */
export async function ifcUploadRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  const maxBytes = maxIfcBytes();

  app.get('/ws/v1/:projectId/:projectVersionId/upload_ifc', { websocket: true }, (socket, request) => {
    const send = (message: ServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    const fault = (error: unknown) => request.log.error(error, 'IFC upload failed');
    // Messages are listened to at once and handled in order, after the check of the caller.
    const session = authorize(ctx, request, socket).then(
      (target) =>
        target ? new UploadSession({ maxBytes, send, fault, complete: (file, progress) => importIfc(ctx, target, file, progress) }) : null,
      (error: unknown) => {
        fault(error);
        socket.close(CLOSE.internal.code, CLOSE.internal.reason);
        return null;
      },
    );
    let queue: Promise<void> = Promise.resolve();
    socket.on('message', (data, isBinary) => {
      queue = queue
        .then(async () => {
          const upload = await session;
          if (upload && socket.readyState === socket.OPEN) await upload.handle(toBuffer(data), isBinary);
        })
        .catch(fault);
    });
  });
}
