import {KitErrorCodes, KitException} from '../sdk/kit-exception';

/**
 * Shows the system notification of a ringing call from the page: tagged `kit-call-<sessionId>` (the hidden-tab
 * notification and the blocked-sound fallback share the tag, so the browser shows one of them, never both), kept
 * until the user acts, and a click brings the tab forward. Without the permission nothing shows; where the browser
 * only shows notifications from a service worker, the failure goes to `report` (the call still rings).
 * @param document The page.
 * @param title What the notification says.
 * @param sessionId The call's session id.
 * @param report Receives the failure, as a `KitException`.
 * @returns Closes the notification (nothing to close when none showed).
 * @docs-private
 */
export function kitShowCallNotification(
  document: Document,
  title: string,
  sessionId: string,
  report: (error: KitException) => void,
): () => void {
  const view = document.defaultView as (Window & typeof globalThis) | null;
  if (!view?.Notification || view.Notification.permission !== 'granted') {
    return () => {};
  }
  try {
    const notification = new view.Notification(title, {
      tag: `kit-call-${sessionId}`,
      requireInteraction: true,
    });
    notification.onclick = () => {
      view.focus();
      notification.close();
    };
    return () => notification.close();
  } catch (error) {
    report(
      KitException.from(
        error,
        KitErrorCodes.SDK,
        typeof ngDevMode === 'undefined' || ngDevMode ? 'The notification could not be shown' : '',
      ),
    );
    return () => {};
  }
}
