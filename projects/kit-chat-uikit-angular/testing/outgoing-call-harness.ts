import {
  BaseHarnessFilters,
  ComponentHarness,
  ComponentHarnessConstructor,
  HarnessPredicate,
} from '@angular/cdk/testing';

/** Filters of `KitOutgoingCallHarness.with`. */
export interface KitOutgoingCallHarnessFilters extends BaseHarnessFilters {
  /** Only screens whose callee's name (the title) matches: a whole string, or a pattern. */
  calleeName?: string | RegExp;
}

/**
 * Harness of `<kit-outgoing-call>`, the screen shown while the user's call rings at the callee. The overlay of the
 * kit opens it outside the fixture: find it with `TestbedHarnessEnvironment.documentRootLoader(fixture)`.
 *
 * It reads the default parts of the screen; a part that a slot replaced cannot be read or clicked through it.
 */
export class KitOutgoingCallHarness extends ComponentHarness {
  /** The selector of the host element. */
  static hostSelector = '.kit-outgoing-call';

  private readonly _title = this.locatorForOptional('.kit-outgoing-call-title');
  private readonly _status = this.locatorForOptional('.kit-outgoing-call-subtitle');
  private readonly _endCallButton = this.locatorFor('.kit-outgoing-call-end-call-button');

  /**
   * Gets a `HarnessPredicate` that searches for an outgoing call screen that meets the filters.
   * @param options The callee's name.
   * @returns The predicate.
   */
  static with<T extends KitOutgoingCallHarness>(
    this: ComponentHarnessConstructor<T>,
    options: KitOutgoingCallHarnessFilters = {},
  ): HarnessPredicate<T> {
    return new HarnessPredicate(this, options).addOption(
      'calleeName',
      options.calleeName,
      (harness, name) => HarnessPredicate.stringMatches(harness.getCalleeName(), name),
    );
  }

  /** @returns The callee's name as the title shows it. */
  async getCalleeName(): Promise<string> {
    return (await this._title())?.text() ?? '';
  }

  /** @returns The status line: "Calling…", "Connecting…", or the outcome ("Busy", "Declined"...). */
  async getStatusText(): Promise<string> {
    return (await this._status())?.text() ?? '';
  }

  /** @returns Whether the call still rings at the callee, with no outcome yet. */
  async isDialing(): Promise<boolean> {
    return (await this.host()).hasClass('kit-outgoing-call-dialing');
  }

  /** Presses end call. The SDK answers later: await `KitCallsTestingController.settle()`. */
  async endCall(): Promise<void> {
    await (await this._endCallButton()).click();
  }

  /** @returns Whether end call does something when pressed: not while the cancel awaits its answer. */
  async isEndCallEnabled(): Promise<boolean> {
    return (await (await this._endCallButton()).getAttribute('aria-disabled')) !== 'true';
  }
}
