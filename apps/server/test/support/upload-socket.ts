import zlib from 'node:zlib';
import { WebSocket } from 'ws';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read fields of any answer
type Message = any;

/**
 * Sends a file through the upload socket at `wsBase` (ws://host:port) as the web app does (docs/ifc-upload.md);
 * answers its done or error message.
 */
export async function uploadOverSocket(
  wsBase: string,
  projectId: string,
  cookie: string,
  filename: string,
  bytes: Buffer,
): Promise<Message> {
  const ws = new WebSocket(`${wsBase}/ws/v1/${projectId}/working-version/upload_ifc`, { headers: { cookie } });
  const answer = new Promise<Message>((resolve, reject) => {
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      const message: Message = JSON.parse((data as Buffer).toString('utf8'));
      if (message.file_id === 'f' && (message.type === 'done' || message.type === 'error')) resolve(message);
    });
    ws.on('close', (code, reason) => reject(new Error(`the socket closed (${code} ${reason.toString()}) before an answer`)));
    ws.on('error', reject);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'file_start', file_id: 'f', filename, size: bytes.length }));
  ws.send(zlib.gzipSync(bytes), { binary: true });
  ws.send(JSON.stringify({ type: 'upload_complete', file_id: 'f' }));
  try {
    return await answer;
  } finally {
    ws.close();
  }
}
