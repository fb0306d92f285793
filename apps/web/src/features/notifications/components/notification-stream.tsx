import { useNotificationStream } from '../hooks/use-notification-stream';

/** Mounted for signed-in users only, and loaded lazily: the socket client stays off the first screen. */
export function NotificationStream() {
  useNotificationStream();
  return null;
}
