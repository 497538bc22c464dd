import {LiveAnnouncer} from '@angular/cdk/a11y';
import {Component, input} from '@angular/core';
import {TestbedHarnessEnvironment} from '@angular/cdk/testing/testbed';
import {TestBed} from '@angular/core/testing';
import {KitGroupRingingHarness} from 'kit-chat-uikit-angular/testing';
import {KitGroupRingingComponent} from './group-ringing-part';
import {KitGroupCallsIntl} from './group-calls-intl';
import {ADA, ALAN, GRACE, KATHERINE, LINUS, ME, groupCall, stateOf} from './group.spec-helper';
import {KIT_ANNOUNCE_BATCH} from './participant-announcer';

@Component({
  imports: [KitGroupRingingComponent],
  template: `<div #screen [class]="'kit-' + kind() + '-call'">
      <div [class]="'kit-' + kind() + (kind() === 'incoming' ? '-call-content' : '-call-callee')">
        <p class="own-title">Own title</p>
      </div>
    </div>
    <kit-group-ringing [screen]="{host: screen, state}" />`,
})
class Screen {
  readonly kind = input.required<'incoming' | 'outgoing'>();
  state!: ReturnType<typeof stateOf>;
}

function render(kind: 'incoming' | 'outgoing', state: ReturnType<typeof stateOf>) {
  const fixture = TestBed.createComponent(Screen);
  fixture.componentInstance.state = state;
  fixture.componentRef.setInput('kind', kind);
  fixture.detectChanges();
  fixture.detectChanges();
  const host = fixture.nativeElement as HTMLElement;
  const text = (selector: string) =>
    [...host.querySelectorAll(selector)].map(el => el.textContent!.replace(/\s+/g, ' ').trim());
  return {fixture, host, text, screen: host.firstElementChild as HTMLElement};
}

const TEAM = {id: 'team', name: 'Team', icon: 'https://example.test/team.png'};

describe('KitGroupRingingComponent: the ringing screens of a call with several people', () => {
  it('should say who calls which group, the group over the caller, three members, +N and the count', () => {
    const call = groupCall(
      ADA,
      ME,
      [
        [ME, 'ringing'],
        [ALAN, 'ringing'],
        [GRACE, 'ringing'],
        [KATHERINE, 'ringing'],
        [LINUS, 'ringing'],
      ],
      {group: TEAM},
    );
    const {host, text, screen} = render('incoming', stateOf(call));

    // In the screen's content, where its own name was.
    expect(screen.querySelector('.kit-incoming-call-content > kit-group-ringing')).not.toBeNull();
    expect(text('.kit-group-call-title')).toEqual(['Ada Lovelace is calling Team']);
    const picture = [...host.querySelectorAll('.kit-group-call-picture kit-avatar')];
    expect(picture.map(avatar => avatar.getAttribute('aria-label'))).toEqual([
      'Ada Lovelace',
      'Team',
    ]);
    expect(picture[1].querySelector('img')?.getAttribute('src')).toBe(TEAM.icon);
    // The members but the caller and the user: three avatars, then "+1" said "and 1 more".
    const members = host.querySelectorAll('.kit-group-call-member kit-avatar');
    expect([...members].map(avatar => avatar.getAttribute('aria-label'))).toEqual([
      'Alan Turing',
      'Grace Hopper',
      'Katherine Johnson',
    ]);
    expect(text('.kit-group-call-more [aria-hidden]')).toEqual(['+1']);
    expect(text('.kit-group-call-more .cdk-visually-hidden')).toEqual(['and 1 more']);
    expect(text('.kit-group-call-status')).toEqual(['Video call · 6 people']);
    // The screen's own avatar, name and type line step aside.
    expect(screen.classList).toContain('kit-group-call');
  });

  it("should show the group's initials when its picture does not load, and a voice call's line", () => {
    const call = groupCall(
      ADA,
      ME,
      [
        [ME, 'ringing'],
        [ALAN, 'ringing'],
      ],
      {
        group: TEAM,
        type: 'audio',
      },
    );
    const {host, text, fixture} = render('incoming', stateOf(call));
    const group = host.querySelector('.kit-group-call-group-avatar')!;

    group.querySelector('img')!.dispatchEvent(new Event('error'));
    fixture.detectChanges();

    expect(group.querySelector('img')).toBeNull();
    expect(group.textContent?.trim()).toBe('T');
    expect(text('.kit-group-call-status')).toEqual(['Voice call · 3 people']);
    // Two members only: no "+N".
    expect(host.querySelector('.kit-group-call-more')).toBeNull();
  });

  it('should show nothing of a call between two people, and leave the screen as it is', () => {
    const call = groupCall(ADA, ME, [[ME, 'ringing']]);
    const {host, screen} = render('incoming', stateOf(call));

    expect(host.querySelector('.kit-group-ringing')?.children.length).toBe(0);
    expect(screen.classList).not.toContain('kit-group-call');
  });

  it('should ring several people: their avatars and +N, "Calling 4 people…", then a chip per change', () => {
    const people = (statuses: string[]) =>
      [ALAN, GRACE, KATHERINE, LINUS].map((user, i) => [user, statuses[i]]) as never;
    const state = stateOf(
      groupCall(ME, ALAN, people(['ringing', 'ringing', 'ringing', 'ringing'])),
      {
        phase: 'dialing',
      },
    );
    const {text, fixture, host} = render('outgoing', state);

    expect(text('.kit-group-call-member kit-avatar').length).toBe(3);
    expect(text('.kit-group-call-more [aria-hidden]')).toEqual(['+1']);
    expect(text('.kit-group-call-more .cdk-visually-hidden')).toEqual(['and 1 more']);
    expect(text('.kit-group-call-status')).toEqual(['Calling 4 people…']);
    expect(host.querySelector('.kit-group-call-status')?.getAttribute('role')).toBe('status');
    expect(text('.kit-group-call-chip')).toEqual([]);

    state.set({
      ...state()!,
      call: groupCall(ME, ALAN, people(['joined', 'declined', 'busy', 'unanswered'])),
    });
    fixture.detectChanges();

    expect(text('.kit-group-call-chip')).toEqual([
      'Grace Hopper · Declined',
      'Katherine Johnson · Busy',
      'Linus Torvalds · No answer',
    ]);
  });

  it.each([
    ['rejected', 'Declined'],
    ['unanswered', 'Nobody answered'],
  ] as const)('should read the group outcome %s as "%s"', (endReason, outcome) => {
    const call = groupCall(ME, ALAN, [
      [ALAN, 'declined'],
      [GRACE, endReason === 'rejected' ? 'declined' : 'unanswered'],
    ]);
    const {text, screen} = render('outgoing', stateOf(call, {phase: 'ended', endReason}));

    expect(text('.kit-group-call-status')).toEqual([outcome]);
    expect(screen.classList).toContain('kit-group-call-has-status');
  });

  it("should leave the screen's own status line for what the group does not say (cancelled)", () => {
    const call = groupCall(ME, ALAN, [
      [ALAN, 'ringing'],
      [GRACE, 'ringing'],
    ]);
    const {host, screen} = render(
      'outgoing',
      stateOf(call, {phase: 'ended', endReason: 'cancelled'}),
    );

    expect(host.querySelector('.kit-group-call-status')).toBeNull();
    expect(screen.classList).toContain('kit-group-call');
    expect(screen.classList).not.toContain('kit-group-call-has-status');
  });

  it('should say who declined or was busy politely, the changes of a second in one announcement', () => {
    jest.useFakeTimers();
    try {
      const announce = jest.spyOn(TestBed.inject(LiveAnnouncer), 'announce').mockResolvedValue();
      const people = (a: string, b: string, c: string) =>
        [
          [ALAN, a],
          [GRACE, b],
          [KATHERINE, c],
        ] as never;
      const state = stateOf(groupCall(ME, ALAN, people('ringing', 'ringing', 'ringing')));
      const {fixture} = render('outgoing', state);
      const set = (a: string, b: string, c: string) => {
        state.set({...state()!, call: groupCall(ME, ALAN, people(a, b, c))});
        fixture.detectChanges();
      };

      set('joined', 'ringing', 'ringing');
      jest.advanceTimersByTime(KIT_ANNOUNCE_BATCH / 2);
      set('joined', 'declined', 'ringing');
      expect(announce).not.toHaveBeenCalled();
      jest.advanceTimersByTime(KIT_ANNOUNCE_BATCH / 2);

      expect(announce.mock.calls).toEqual([
        ['Alan Turing joined. Grace Hopper declined', 'polite'],
      ]);
      set('joined', 'declined', 'busy');
      jest.advanceTimersByTime(KIT_ANNOUNCE_BATCH);
      expect(announce.mock.calls[1]).toEqual(['Katherine Johnson is busy', 'polite']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('should take new strings at once', () => {
    const call = groupCall(
      ADA,
      ME,
      [
        [ME, 'ringing'],
        [ALAN, 'ringing'],
      ],
      {group: TEAM},
    );
    const {text, fixture} = render('incoming', stateOf(call));
    const intl = TestBed.inject(KitGroupCallsIntl);

    intl.callingGroup = (caller, group) => `${caller} ruft ${group} an`;
    intl.changes.next();
    fixture.detectChanges();

    expect(text('.kit-group-call-title')).toEqual(['Ada Lovelace ruft Team an']);
  });

  it('should be read by KitGroupRingingHarness', async () => {
    const people = [ALAN, GRACE, KATHERINE, LINUS].map(user => [user, 'ringing']) as never;
    const call = groupCall(ME, ALAN, people, {group: TEAM});
    const state = stateOf(call, {phase: 'dialing'});
    const {fixture} = render('outgoing', state);
    const ringing =
      await TestbedHarnessEnvironment.loader(fixture).getHarness(KitGroupRingingHarness);

    expect(await ringing.isGroupCall()).toBe(true);
    expect(await ringing.getTitle()).toBe('Team');
    expect(await ringing.getMemberNames()).toEqual([
      'Alan Turing',
      'Grace Hopper',
      'Katherine Johnson',
    ]);
    expect(await ringing.getMore()).toBe('+1');
    expect(await ringing.getStatus()).toBe('Calling 4 people…');
    state.set({
      ...state()!,
      call: {
        ...call,
        participants: call.participants!.map(person =>
          person.user === GRACE ? {...person, status: 'busy' as const} : person,
        ),
      },
    });
    expect(await ringing.getChips()).toEqual(['Grace Hopper · Busy']);
  });
});
