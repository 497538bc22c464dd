import {
  BaseHarnessFilters,
  ComponentHarness,
  ComponentHarnessConstructor,
  HarnessPredicate,
} from '@angular/cdk/testing';

/** The type of a call as the incoming screen shows it. */
export type KitCallTypeShown = 'audio' | 'video';

/** Filters of `KitIncomingCallHarness.with`. */
export interface KitIncomingCallHarnessFilters extends BaseHarnessFilters {
  /** Only screens whose caller's name (the title) matches: a whole string, or a pattern. */
  callerName?: string | RegExp;
  /** Only screens of a voice (`'audio'`) or a video (`'video'`) call. */
  callType?: KitCallTypeShown;
  /** Only screens that ring (`true`), or that do not ring (`false`: a decision is pending, or no call). */
  ringing?: boolean;
}

/**
 * Harness of `<kit-incoming-call>`, the screen of a call that rings for the user. The overlay of the kit opens it by
 * itself, outside the fixture: find it with `TestbedHarnessEnvironment.documentRootLoader(fixture)`.
 *
 * It reads the default parts of the screen; a part that a slot (`titleView`, `trailingView`...) replaced cannot be
 * read or clicked through it.
 */
export class KitIncomingCallHarness extends ComponentHarness {
  /** The selector of the host element. */
  static hostSelector = '.kit-incoming-call';

  private readonly _title = this.locatorForOptional('.kit-incoming-call-title');
  private readonly _subtitle = this.locatorForOptional('.kit-incoming-call-subtitle');
  private readonly _acceptButton = this.locatorFor('.kit-incoming-call-accept-button');
  private readonly _rejectButton = this.locatorFor('.kit-incoming-call-reject-button');
  private readonly _soundBlocked = this.locatorForOptional('.kit-incoming-call-status-icon');

  /**
   * Gets a `HarnessPredicate` that searches for an incoming call screen that meets the filters.
   * @param options The caller's name, the call type, whether it rings.
   * @returns The predicate.
   */
  static with<T extends KitIncomingCallHarness>(
    this: ComponentHarnessConstructor<T>,
    options: KitIncomingCallHarnessFilters = {},
  ): HarnessPredicate<T> {
    return new HarnessPredicate(this, options)
      .addOption('callerName', options.callerName, (harness, name) =>
        HarnessPredicate.stringMatches(harness.getCallerName(), name),
      )
      .addOption(
        'callType',
        options.callType,
        async (harness, type) => (await harness.getCallType()) === type,
      )
      .addOption(
        'ringing',
        options.ringing,
        async (harness, ringing) => (await harness.isRinging()) === ringing,
      );
  }

  /** @returns The caller's name as the title shows it; `''` when no call is shown. */
  async getCallerName(): Promise<string> {
    return (await this._title())?.text() ?? '';
  }

  /**
   * The type of the call shown. A type other than `'audio'` counts as video, as the screen shows it.
   * @returns `'audio'` for a voice call, `'video'` for a video call.
   */
  async getCallType(): Promise<KitCallTypeShown> {
    return (await (await this.host()).hasClass('kit-incoming-call-video')) ? 'video' : 'audio';
  }

  /** @returns Whether the call shown is a video call. */
  async isVideoCall(): Promise<boolean> {
    return (await this.getCallType()) === 'video';
  }

  /** @returns The text of the line under the name (e.g. "Incoming video call"); `''` when no call is shown. */
  async getSubtitleText(): Promise<string> {
    return (await this._subtitle())?.text() ?? '';
  }

  /**
   * Whether the call rings: it is shown and waits for the user's decision. This is the state of the screen, not
   * the sound: a browser may block the ringtone (see `isSoundBlocked()`), and the sound may be turned off. To check
   * the sound, ask the fake player of `KitCallsTestingController.audio`.
   * @returns Whether the call rings.
   */
  async isRinging(): Promise<boolean> {
    return (await this.host()).hasClass('kit-incoming-call-ringing');
  }

  /** @returns Whether an accept or a reject was sent and the answer of the SDK is awaited. */
  async isPending(): Promise<boolean> {
    return (await this.host()).hasClass('kit-incoming-call-pending');
  }

  /** @returns Whether the screen tells the user that the browser blocked the ringtone. */
  async isSoundBlocked(): Promise<boolean> {
    return (await this._soundBlocked()) !== null;
  }

  /**
   * Presses accept. The SDK answers later: await `KitCallsTestingController.settle()` before looking for the
   * ongoing call screen.
   */
  async accept(): Promise<void> {
    await (await this._acceptButton()).click();
  }

  /** Presses decline (reject). The SDK answers later: await `KitCallsTestingController.settle()`. */
  async reject(): Promise<void> {
    await (await this._rejectButton()).click();
  }

  /** @returns Whether the accept button can be pressed (it cannot once a decision is pending). */
  async isAcceptEnabled(): Promise<boolean> {
    return (await (await this._acceptButton()).getAttribute('aria-disabled')) !== 'true';
  }

  /** @returns Whether the decline button can be pressed. */
  async isRejectEnabled(): Promise<boolean> {
    return (await (await this._rejectButton()).getAttribute('aria-disabled')) !== 'true';
  }

  /** @returns The accessible name of the accept button, e.g. "Accept voice call from Ada". */
  async getAcceptLabel(): Promise<string> {
    return (await (await this._acceptButton()).getAttribute('aria-label')) ?? '';
  }

  /** @returns The accessible name of the decline button, e.g. "Decline voice call from Ada". */
  async getRejectLabel(): Promise<string> {
    return (await (await this._rejectButton()).getAttribute('aria-label')) ?? '';
  }
}
