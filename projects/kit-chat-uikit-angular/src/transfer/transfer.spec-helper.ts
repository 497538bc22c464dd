import {OverlayContainer} from '@angular/cdk/overlay';
import {Component, inject} from '@angular/core';
import {TestBed} from '@angular/core/testing';
import {
  KIT_TESTING_ME,
  KitCallsTestingController,
  provideKitCallsTesting,
} from 'kit-chat-uikit-angular/testing';
import {KitInMemoryMediaCallsSdk, KitInMemorySwitchboard} from 'kit-chat-uikit-angular/in-memory';
import {KitCallsSdk} from '../sdk/calls-sdk';
import {KitException} from '../sdk/kit-exception';
import {KitUser} from '../sdk/models';
import {withTransfer} from './transfer-feature';
import {KitTransfer} from './transfer.service';

export const ADA: KitUser = {uid: 'ada', name: 'Ada Lovelace'};
export const ALAN: KitUser = {uid: 'alan', name: 'Alan Turing'};

@Component({template: ''})
class Page {}

/**
 * The test bed of the transfer specs: the kit with `withTransfer()` on the in-memory SDK (fake timers), offering Ada
 * and Alan, with what the specs read and press.
 */
export class TransferBed {
  calls!: KitCallsTestingController;
  container!: HTMLElement;
  errors: KitException[] = [];

  /** @param attended Whether the SDK says `attendedTransfer` (the in-memory one does). */
  async setUp(attended = true): Promise<void> {
    this.errors = [];
    TestBed.configureTestingModule({
      providers: [
        provideKitCallsTesting({
          config: {onError: error => this.errors.push(error)},
          features: [withTransfer()],
        }),
        {
          provide: KitCallsSdk,
          useFactory: () => {
            const sdk = new KitInMemoryMediaCallsSdk(
              inject(KitInMemorySwitchboard),
              KIT_TESTING_ME,
              null,
            );
            return attended ? sdk : Object.defineProperty(sdk, 'attendedTransfer', {value: false});
          },
        },
      ],
    });
    this.calls = TestBed.inject(KitCallsTestingController);
    this.container = TestBed.inject(OverlayContainer).getContainerElement();
    TestBed.inject(KitTransfer).people.set([ADA, ALAN]);
    TestBed.createComponent(Page);
    await this.settle();
  }

  readonly settle = async (ms = 50): Promise<void> => {
    await jest.advanceTimersByTimeAsync(ms);
    await jest.advanceTimersByTimeAsync(0);
  };

  readonly click = (selector: string, root: ParentNode = this.container): void => {
    const button = root.querySelector<HTMLElement>(selector);
    expect(button).not.toBeNull();
    button!.click();
  };

  readonly statusOf = (sessionId: string) => this.calls.switchboard.getCall(sessionId)?.status;

  /** The live call to `user`, if any. */
  readonly callTo = (user: KitUser) =>
    this.calls.switchboard
      .calls()
      .find(call => call.receiver?.uid === user.uid && !/ended|rejected/.test(call.status ?? ''));

  readonly holdLabel = (root: ParentNode = this.container) =>
    root.querySelector('.kit-hold-toggle')?.getAttribute('aria-label') ?? null;
}
