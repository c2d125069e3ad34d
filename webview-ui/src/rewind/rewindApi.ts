// The panel's requests about going back: what a rewind would change, the rewind itself, and editing
// a message to send it again. Each answer is the type the protocol declares (checked in
// requests.ts); a request that failed reads as a refusal with its reason.
import type { RewindPreview, RewindResult, RewindTarget } from '../../../src/shared/protocol';
import { orWhyNot, request } from '../requests';

export function previewRewind(target: RewindTarget): Promise<RewindPreview> {
  return orWhyNot(request('previewRewind', { target }));
}

export function rewind(target: RewindTarget, keepTyping: boolean): Promise<RewindResult> {
  return orWhyNot(request('rewind', { target, keepTyping }));
}

export function editResend(messageId: string, text: string, keepTyping: boolean): Promise<RewindResult> {
  return orWhyNot(request('editResend', { messageId, text, keepTyping }));
}
