import {Injectable, inject} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {KitCallsSdk} from '../sdk/calls-sdk';
import {KitInMemoryCallsSdk, kitInMemoryCallsSdk} from 'kit-chat-uikit-angular/in-memory';
import {KitInMemorySwitchboard} from 'kit-chat-uikit-angular/in-memory';
import {KitUser} from '../sdk/models';
import {KitCallSettingsBuilder, KitCalls} from '../sdk/call-settings';
import {KitErrorCodes} from '../sdk/kit-exception';
import {KitCallOverlay} from '../overlay/call-overlay';
import {KIT_UIKIT_CONFIG} from '../core/config';
import {KitCallsModule, provideKitUIKit} from './provide-kit-uikit';

const ADA: KitUser = {uid: 'ada', name: 'Ada'};

@Injectable()
class StubAdapter extends KitCallsSdk {
  readonly config = inject(KIT_UIKIT_CONFIG);
  getLoggedInUser = () => ADA;
  initiateCall = jest.fn();
  acceptCall = jest.fn();
  rejectCall = jest.fn();
  endCall = jest.fn();
  addCallListener = jest.fn();
  removeCallListener = jest.fn();
}

describe('provideKitUIKit', () => {
  it('should provide an SDK adapter given as a class, in an injection context', () => {
    TestBed.configureTestingModule({providers: [provideKitUIKit({callsSdk: StubAdapter})]});
    const sdk = TestBed.inject(KitCallsSdk);
    expect(sdk).toBeInstanceOf(StubAdapter);
    expect((sdk as StubAdapter).config.callsSdk).toBe(StubAdapter);
    expect(sdk.getLoggedInUser()).toEqual(ADA);
  });

  it('should provide an SDK adapter given as a factory', () => {
    TestBed.configureTestingModule({
      providers: [provideKitUIKit({callsSdk: kitInMemoryCallsSdk(ADA)})],
    });
    const sdk = TestBed.inject(KitCallsSdk) as KitInMemoryCallsSdk;
    expect(sdk).toBeInstanceOf(KitInMemoryCallsSdk);
    expect(sdk.switchboard).toBe(TestBed.inject(KitInMemorySwitchboard));
    expect(sdk.getLoggedInUser()).toEqual(ADA);
  });

  it('should provide the same through KitCallsModule.forRoot for NgModule apps', () => {
    TestBed.configureTestingModule({
      imports: [KitCallsModule.forRoot({callsSdk: kitInMemoryCallsSdk(ADA)})],
    });
    expect(TestBed.inject(KitCallsSdk).getLoggedInUser()).toEqual(ADA);
  });

  it('should refuse to place a call with ERR_NOT_INITIALIZED when no SDK was provided', async () => {
    await expect(
      TestBed.inject(KitCallOverlay).startCall({uid: 'bob', name: 'Bob'}),
    ).rejects.toMatchObject({code: KitErrorCodes.NOT_INITIALIZED});
  });

  it('should refuse to place a call with ERR_NOT_LOGGED_IN when nobody is logged in', async () => {
    TestBed.configureTestingModule({
      providers: [provideKitUIKit({callsSdk: kitInMemoryCallsSdk(null)})],
    });
    await expect(
      TestBed.inject(KitCallOverlay).startCall({uid: 'bob', name: 'Bob'}),
    ).rejects.toMatchObject({code: KitErrorCodes.NOT_LOGGED_IN});
  });

  it('should detach the in-memory device from the switchboard when the app is destroyed', async () => {
    TestBed.configureTestingModule({
      providers: [provideKitUIKit({callsSdk: kitInMemoryCallsSdk(ADA)})],
    });
    const switchboard = TestBed.inject(KitInMemorySwitchboard);
    const sdk = TestBed.inject(KitCallsSdk) as KitInMemoryCallsSdk;
    const seen: string[] = [];
    sdk.addCallListener('x', {onIncomingCallReceived: call => seen.push(call.sessionId)});
    TestBed.resetTestingModule();
    await switchboard.control.ring({uid: 'bob', name: 'Bob'}, ADA).catch(() => {});
    await new Promise(resolve => setTimeout(resolve, 5));
    expect(seen).toEqual([]);
  });
});

describe('KitCallSettingsBuilder', () => {
  it('should build the settings fluently, also as KitCalls.CallSettingsBuilder', () => {
    expect(
      new KitCalls.CallSettingsBuilder()
        .setDefaultAudioMode('EARPIECE')
        .setIsAudioOnly(true)
        .build(),
    ).toEqual({
      audioOnly: true,
      defaultAudioMode: 'EARPIECE',
    });
    expect(new KitCallSettingsBuilder().build()).toEqual({
      audioOnly: false,
      defaultAudioMode: 'SPEAKER',
    });
  });
});
