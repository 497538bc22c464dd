import {Component, Signal, signal} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {
  KitCall,
  KitCallDisplayMode,
  KitCallOverlayRef,
  KitCallsSdk,
  KitUser,
  _KitOngoingCallMedia,
} from 'kit-chat-uikit-angular';
import {KitGroupCallGridComponent} from './group-call-grid';
import {KitParticipantTileView} from './group-call-screens';
import {ADA, ME, groupCall, stateOf} from './group.spec-helper';

// The ongoing screen's grid in a page that stands for the ongoing screen, with a fake SDK (for the specs).

/** A stream as the grid reads it: its tracks, each live or muted. */
export function stream(audio: {muted?: boolean} | null, video = false): MediaStream {
  const track = (kind: string, muted = false) => ({kind, muted, enabled: true, readyState: 'live'});
  return {
    getAudioTracks: () => (audio ? [track('audio', audio.muted)] : []),
    getVideoTracks: () => (video ? [track('video')] : []),
  } as unknown as MediaStream;
}

@Component({
  imports: [KitGroupCallGridComponent, KitParticipantTileView],
  template: `<div class="kit-ongoing-call">
      <div class="kit-ongoing-call-stage"></div>
      <div class="kit-ongoing-call-info"><p class="kit-ongoing-call-status">00:01</p></div>
      <div class="kit-ongoing-call-controls"><kit-group-call-grid [media]="media" /></div>
    </div>
    @if (slot()) {
      <ng-template kitParticipantTileView let-participant let-speaking="speaking">
        <i class="app-tile">{{ participant.user.name }} {{ speaking ? 'talks' : 'quiet' }}</i>
      </ng-template>
    }`,
})
export class GridScreen {
  media!: _KitOngoingCallMedia;
  readonly slot = signal(false);
}

export type People = [KitUser, 'joined' | 'ringing' | 'declined' | 'left' | 'busy'][];

export function renderGrid(
  people: People,
  options: {group?: boolean; sdk?: Partial<FakeSdk>; displayMode?: Signal<KitCallDisplayMode>} = {},
) {
  if (options.displayMode) {
    // The call's reference in the overlay, as far as the grid reads it: docked or not.
    TestBed.configureTestingModule({
      providers: [{provide: KitCallOverlayRef, useValue: {displayMode: options.displayMode}}],
    });
  }
  const call = groupCall(ADA, ME, people, options.group === false ? {} : {group: TEAM});
  const state = stateOf(call, {phase: 'ongoing', connected: true});
  const phase = signal<'ongoing' | 'ended'>('ongoing');
  const muted = signal(false);
  const streams = new Map<string, MediaStream | null>();
  const invited: [string, readonly KitUser[]][] = [];
  const sdk: FakeSdk = {
    getLoggedInUser: () => ME,
    groupCalls: true,
    inviteToCall: async (sessionId, users) => {
      invited.push([sessionId, users]);
      return call;
    },
    getParticipantStream: (_id, uid) => streams.get(uid) ?? null,
    ...options.sdk,
  };
  const errors: unknown[] = [];
  const fixture = TestBed.createComponent(GridScreen);
  fixture.componentInstance.media = {
    sessionId: signal(call.sessionId),
    note: signal(''),
    state,
    phase,
    video: signal(true),
    muted,
    localStream: signal(stream({})),
    remoteVideo: signal(undefined),
    localVideo: signal(undefined),
    sdk: sdk as unknown as KitCallsSdk,
    report: error => errors.push(error),
  };
  fixture.detectChanges();
  const host = fixture.nativeElement as HTMLElement;
  const screen = host.querySelector<HTMLElement>('.kit-ongoing-call')!;
  const update = (next: People, more: Partial<KitCall> = {}) => {
    state.set({...state()!, call: groupCall(ADA, ME, next, {group: TEAM, ...more})});
    fixture.detectChanges();
  };
  const labels = () =>
    [...host.querySelectorAll('[role=listitem] button')].map(b => b.getAttribute('aria-label'));
  return {fixture, host, screen, state, phase, muted, streams, invited, errors, update, labels};
}

export interface FakeSdk {
  getLoggedInUser(): KitUser;
  groupCalls?: boolean;
  inviteToCall?(sessionId: string, users: readonly KitUser[]): Promise<KitCall>;
  getParticipantStream?(sessionId: string, uid: string): MediaStream | null;
}

export const TEAM = {id: 'team', name: 'Team'};
export const settle = async () => {
  await new Promise(resolve => setTimeout(resolve));
};

/**
 * Installs a fake Web Audio whose analysers read the level set for each stream (0: silence), until `restore`.
 * @returns The levels by stream, and `restore`.
 */
export function fakeAudioLevels(): {levels: Map<MediaStream, number>; restore: () => void} {
  const levels = new Map<MediaStream, number>();
  class FakeAnalyser {
    fftSize = 0;
    constructor(private readonly source: {stream: MediaStream}) {}
    getByteTimeDomainData(samples: Uint8Array) {
      const level = levels.get(this.source.stream) ?? 0;
      samples.forEach((_, i) => (samples[i] = 128 + (i % 2 ? level : -level)));
    }
  }
  let last: {stream: MediaStream} | null = null;
  class FakeContext {
    createMediaStreamSource(stream: MediaStream) {
      last = {stream};
      return {stream, connect: () => undefined, disconnect: () => undefined};
    }
    createAnalyser() {
      return new FakeAnalyser(last!);
    }
    close = async () => undefined;
  }
  (globalThis as {AudioContext?: unknown}).AudioContext = FakeContext;
  return {levels, restore: () => delete (globalThis as {AudioContext?: unknown}).AudioContext};
}
