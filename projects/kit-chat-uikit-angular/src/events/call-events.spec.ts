import {TestBed} from '@angular/core/testing';
import {KitCall} from '../sdk/models';
import {KitCallEventsListener, KitCallEventsService} from './call-events';

const ADA = {uid: 'ada', name: 'Ada'};
const BOB = {uid: 'bob', name: 'Bob'};
const CALL: KitCall = {
  sessionId: 's1',
  type: 'audio',
  sender: ADA,
  callInitiator: ADA,
  receiver: BOB,
  callReceiver: BOB,
};

class Recorder extends KitCallEventsListener {
  readonly seen: string[] = [];
  override ccCallAccepted(call: KitCall): void {
    this.seen.push(`accepted ${call.sessionId}`);
  }
  override ccCallRejected(call: KitCall): void {
    this.seen.push(`rejected ${call.sessionId}`);
  }
  override ccCallEnded(call: KitCall): void {
    this.seen.push(`ended ${call.sessionId}`);
  }
  override ccOutgoingCall(call: KitCall): void {
    this.seen.push(`outgoing ${call.sessionId}`);
  }
}

describe('KitCallEventsService', () => {
  let events: KitCallEventsService;

  beforeEach(() => (events = TestBed.inject(KitCallEventsService)));

  it('should emit each published event on its observable', () => {
    const seen: string[] = [];
    events.ccCallAccepted.subscribe(call => seen.push(`accepted ${call.sessionId}`));
    events.ccCallRejected.subscribe(call => seen.push(`rejected ${call.sessionId}`));
    events.ccCallEnded.subscribe(call => seen.push(`ended ${call.sessionId}`));
    events.ccOutgoingCall.subscribe(call => seen.push(`outgoing ${call.sessionId}`));
    events.publishOutgoingCall(CALL);
    events.publishCallAccepted(CALL);
    events.publishCallRejected(CALL);
    events.publishCallEnded(CALL);
    expect(seen).toEqual(['outgoing s1', 'accepted s1', 'rejected s1', 'ended s1']);
  });

  it('should call a registered listener subclass, and stop after removeListener', () => {
    const listener = new Recorder();
    events.addListener('screen', listener);
    events.publishCallAccepted(CALL);
    events.removeListener('screen');
    events.publishCallEnded(CALL);
    expect(listener.seen).toEqual(['accepted s1']);
  });

  it('should replace the listener registered under the same tag', () => {
    const first = new Recorder();
    const second = new Recorder();
    events.addListener('tag', first);
    events.addListener('tag', second);
    events.publishCallRejected(CALL);
    expect(first.seen).toEqual([]);
    expect(second.seen).toEqual(['rejected s1']);
  });

  it('should keep notifying the other listeners when one throws', () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    class Broken extends KitCallEventsListener {
      override ccCallEnded(): void {
        throw new Error('listener bug');
      }
    }
    const healthy = new Recorder();
    events.addListener('broken', new Broken());
    events.addListener('healthy', healthy);
    expect(() => events.publishCallEnded(CALL)).not.toThrow();
    expect(healthy.seen).toEqual(['ended s1']);
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it('should refuse a null payload: nothing is emitted', () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const seen: unknown[] = [];
    events.ccCallAccepted.subscribe(call => seen.push(call));
    events.publishCallAccepted(null as unknown as KitCall);
    events.publishCallAccepted(undefined as unknown as KitCall);
    expect(seen).toEqual([]);
    expect(errors).toHaveBeenCalledTimes(2);
    errors.mockRestore();
  });

  it('should ignore removing an unknown tag', () => {
    expect(() => events.removeListener('unknown')).not.toThrow();
  });
});
