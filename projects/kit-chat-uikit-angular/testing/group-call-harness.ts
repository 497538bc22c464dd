import {ComponentHarness, TestElement} from '@angular/cdk/testing';

/** One person of the participants panel of a group call, as shown. */
export interface KitGroupCallPerson {
  /** Their name. */
  readonly name: string;
  /** Where they stand, as the panel says it ("In the call", "Ringing", "Declined"...). */
  readonly status: string;
  /** Whether "Ring again" is offered for them. */
  readonly canRingAgain: boolean;
}

async function texts(elements: TestElement[]): Promise<string[]> {
  return Promise.all(elements.map(async element => (await element.text()).trim()));
}

/**
 * Harness of what the incoming and outgoing screens show of a call with several people (`withGroupCalls()` of
 * `kit-chat-uikit-angular/group`): the title, the avatars row, the status line and the chips.
 */
export class KitGroupRingingHarness extends ComponentHarness {
  /** The selector of the part (empty for a call between two people). */
  static hostSelector = '.kit-group-ringing';

  private readonly _title = this.locatorForOptional('.kit-group-call-title');
  private readonly _status = this.locatorForOptional('.kit-group-call-status');
  private readonly _members = this.locatorForAll('.kit-group-call-member .kit-avatar');
  private readonly _more = this.locatorForOptional('.kit-group-call-more [aria-hidden]');
  private readonly _chips = this.locatorForAll('.kit-group-call-chip');

  /** @returns Whether the screen shows a group call (else the part is empty). */
  async isGroupCall(): Promise<boolean> {
    return !!(await this._title());
  }

  /** @returns The title ("Ada Lovelace is calling Team"), or `null` for a call between two people. */
  async getTitle(): Promise<string | null> {
    return (await (await this._title())?.text())?.trim() ?? null;
  }

  /** @returns The status line ("Video call · 4 people", "Calling 4 people…", "Nobody answered"), if shown. */
  async getStatus(): Promise<string | null> {
    return (await (await this._status())?.text())?.trim() ?? null;
  }

  /** @returns The names of the members' avatars in the row (three at most). */
  async getMemberNames(): Promise<string[]> {
    const avatars = await this._members();
    return Promise.all(
      avatars.map(async avatar => (await avatar.getAttribute('aria-label')) ?? ''),
    );
  }

  /** @returns The "+N" after the avatars, or `null`. */
  async getMore(): Promise<string | null> {
    return (await (await this._more())?.text())?.trim() ?? null;
  }

  /** @returns The chips of the people whose status changed ("Grace Hopper · Declined"). */
  async getChips(): Promise<string[]> {
    return (await texts(await this._chips())).map(text => text.replace(/\s+/g, ' '));
  }
}

/**
 * Harness of the ongoing screen of a call with several people (`withGroupCalls()`): the grid's tiles, the pin, the
 * participants panel, "Ring again", "Add people" and "Everyone left". Its host is the ongoing screen while it shows a
 * group call.
 */
export class KitGroupCallHarness extends ComponentHarness {
  /** The selector of the ongoing screen showing a group call. */
  static hostSelector = '.kit-ongoing-call.kit-group-call';

  private readonly _tiles = this.locatorForAll('[role=list] > [role=listitem] > button');
  private readonly _pinned = this.locatorForOptional('[role=listitem] > button[aria-pressed=true]');
  private readonly _people = this.locatorFor('button.kit-group-call-people-button');
  private readonly _panel = this.locatorForOptional('.kit-group-call-panel');
  private readonly _rows = this.locatorForAll('.kit-group-call-person');
  private readonly _names = this.locatorForAll('.kit-group-call-person-name');
  private readonly _statuses = this.locatorForAll('.kit-group-call-person-status');
  private readonly _ringAgain = this.locatorForAll('.kit-group-call-ring-again');
  private readonly _addPeople = this.locatorForOptional('.kit-group-call-add-people');
  private readonly _candidates = this.locatorForAll('.kit-group-call-add');
  private readonly _ending = this.locatorForOptional('.kit-group-call-everyone-left-text');

  /** @returns What each tile says to a screen reader, in order ("You", "Alan Turing, muted, speaking"). */
  async getTileLabels(): Promise<string[]> {
    const tiles = await this._tiles();
    return Promise.all(tiles.map(async tile => (await tile.getAttribute('aria-label')) ?? ''));
  }

  /**
   * Presses a tile: pins it, or lets it go when it is pinned.
   * @param index Its place in the grid (the user's own tile is 0).
   */
  async pressTile(index: number): Promise<void> {
    const tiles = await this._tiles();
    if (!tiles[index]) {
      throw new Error(`No tile ${index}: the grid has ${tiles.length}`);
    }
    await tiles[index].click();
  }

  /** @returns The label of the pinned tile, or `null`. */
  async getPinnedLabel(): Promise<string | null> {
    return (await (await this._pinned())?.getAttribute('aria-label')) ?? null;
  }

  /** @returns Whether the participants panel is open. */
  async isPanelOpen(): Promise<boolean> {
    return !!(await this._panel());
  }

  /** Opens the participants panel ("People"), if it is closed. */
  async openPanel(): Promise<void> {
    if (!(await this.isPanelOpen())) {
      await (await this._people()).click();
    }
  }

  /** @returns The people of the panel (it is opened first). */
  async getPeople(): Promise<KitGroupCallPerson[]> {
    await this.openPanel();
    const [rows, names, statuses] = await Promise.all([
      this._rows(),
      this._names(),
      this._statuses(),
    ]);
    const [nameTexts, statusTexts] = await Promise.all([texts(names), texts(statuses)]);
    return Promise.all(
      rows.map(async (row, i) => ({
        name: nameTexts[i],
        status: statusTexts[i],
        canRingAgain: await row.hasClass('kit-group-call-person-can-ring'),
      })),
    );
  }

  /**
   * Presses "Ring again" for someone of the panel.
   * @param name Their name.
   */
  async ringAgain(name: string): Promise<void> {
    const ringable = (await this.getPeople()).filter(person => person.canRingAgain);
    const index = ringable.findIndex(person => person.name === name);
    if (index < 0) {
      throw new Error(`No "Ring again" for ${name}`);
    }
    await (await this._ringAgain())[index].click();
  }

  /** @returns The people "Add people" offers (the panel and the list are opened first); `null` without it. */
  async getPeopleToAdd(): Promise<string[] | null> {
    await this.openPanel();
    const add = await this._addPeople();
    if (!add) {
      return null;
    }
    if ((await add.getAttribute('aria-expanded')) !== 'true') {
      await add.click();
    }
    await this.forceStabilize();
    return (await texts(await this._candidates())).map(text => text.replace(/\s+/g, ' '));
  }

  /**
   * Rings someone "Add people" offers into the call.
   * @param label The button's text, as `getPeopleToAdd()` gives it ("Add Grace Hopper").
   */
  async add(label: string): Promise<void> {
    const offered = (await this.getPeopleToAdd()) ?? [];
    const index = offered.indexOf(label);
    if (index < 0) {
      throw new Error(`"${label}" is not offered: ${offered.join(', ')}`);
    }
    await (await this._candidates())[index].click();
  }

  /** @returns "Everyone left" once the call ended with the user alone, else `null`. */
  async getEnding(): Promise<string | null> {
    return (await (await this._ending())?.text())?.trim() ?? null;
  }
}
