import { createStore, useStore } from '../lib/store';
import { Modal } from './Modal';

interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel: string;
  danger: boolean;
  resolve: (answer: boolean) => void;
}

const confirmStore = createStore<ConfirmRequest | null>(null);

/** Asks the user to confirm; resolves true for the confirm button, false for Cancel or Escape. */
export function confirmAction(opts: { title: string; message: string; confirmLabel?: string; danger?: boolean }): Promise<boolean> {
  return new Promise((resolve) => {
    confirmStore.get()?.resolve(false);
    confirmStore.set({ confirmLabel: 'Confirm', danger: false, ...opts, resolve });
  });
}

function answer(value: boolean) {
  const request = confirmStore.get();
  confirmStore.set(null);
  request?.resolve(value);
}

export function ConfirmHost() {
  const request = useStore(confirmStore);
  if (!request) return null;
  return (
    <Modal
      title={request.title}
      onClose={() => answer(false)}
      footer={
        <>
          <button type="button" className="btn" onClick={() => answer(false)}>
            Cancel
          </button>
          <button type="button" className={request.danger ? 'btn btn-danger' : 'btn btn-primary'} onClick={() => answer(true)}>
            {request.confirmLabel}
          </button>
        </>
      }
    >
      <p>{request.message}</p>
    </Modal>
  );
}
