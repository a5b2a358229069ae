// The Export page's payment status (F§4, F§9): module_export_status for the model's rooms, polled every 3 s after
// the provider sends the payer back with stripe=ok until nothing is outstanding, and the page's toasts, each once.
import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { roomsSize } from '@edrf/fire';
import { PAYMENT_MESSAGES, type Model } from '@edrf/model';
import { exportStatusKey, getExportStatus } from '../../../../api/payment';
import { toast } from '../../../../ui/alerts';

/** F§9: the payment poll interval. */
export const POLL_MS = 3000;
/** F§4, F§9: how long 'Confirming payment...' and 'Payment needed to unlock exports' stay. */
export const CONFIRMING_MS = 6000;
export const PAYMENT_NEEDED_MS = 5000;
/** Polls before the page stops waiting for the provider's word: 5 minutes **[our reading]**. */
export const MAX_POLLS = 100;

/** After the payment is confirmed **[our reading]**: the table has unlocked, this says why. */
export const PAYMENT_CONFIRMED = 'Payment confirmed: exports are unlocked';
/** Polling gave up **[our reading]**: the webhook may still come. */
export const STILL_CONFIRMING = 'The payment is not confirmed yet. Reload the page in a few minutes.';

export function useExportStatus(projectId: string, rooms: Model['arch']['rooms'], pvid: string | null) {
  const [params, setParams] = useSearchParams();
  const stripe = params.get('stripe');
  // The key is the size the price is for (the engine's own measure), not the rooms themselves.
  const size = roomsSize(Object.values(rooms));
  const queryKey = [...exportStatusKey(projectId), size.num_rooms, size.area_sqm];
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey,
    queryFn: () => getExportStatus(projectId, rooms, pvid),
    refetchInterval: (q) =>
      stripe === 'ok' && q.state.data?.payment_outstanding !== 0 && q.state.dataUpdateCount < MAX_POLLS ? POLL_MS : false,
  });
  const outstanding = query.data?.payment_outstanding ?? null;
  const told = useRef({ arrival: false, due: false });

  // Back from the provider: 'Confirming payment...' while the amount is unknown or above 0; any other value: cancelled.
  useEffect(() => {
    if (told.current.arrival || stripe === null) return;
    told.current.arrival = true;
    if (stripe !== 'ok') {
      toast.warning(PAYMENT_MESSAGES.cancelled);
      setParams((p) => (p.delete('stripe'), p), { replace: true });
    } else if (outstanding === null || outstanding > 0) toast.info(PAYMENT_MESSAGES.confirming, CONFIRMING_MS);
  }, [stripe, outstanding, setParams]);

  // An amount due, once the status is known (not while a payment is being confirmed).
  useEffect(() => {
    if (told.current.due || outstanding === null || stripe === 'ok') return;
    told.current.due = true;
    if (outstanding > 0) toast.warning(PAYMENT_MESSAGES.paymentNeeded, PAYMENT_NEEDED_MS);
  }, [outstanding, stripe]);

  // Confirmed: the address loses stripe=ok, so that a reload does not confirm again.
  useEffect(() => {
    if (stripe !== 'ok' || outstanding !== 0) return;
    told.current.due = true;
    toast.info(PAYMENT_CONFIRMED);
    setParams((p) => (p.delete('stripe'), p), { replace: true });
  }, [stripe, outstanding, setParams]);

  const confirming = stripe === 'ok' && outstanding !== 0;
  const gaveUp = confirming && (queryClient.getQueryState(queryKey)?.dataUpdateCount ?? 0) >= MAX_POLLS;
  return { query, status: query.data ?? null, confirming, gaveUp, refresh: () => query.refetch() };
}
