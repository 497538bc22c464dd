import {kitDurationIn, type KitLanguagePack} from 'kit-chat-uikit-angular/i18n/language-pack';

const call = (isVideo: boolean) => (isVideo ? 'Videoanruf' : 'Sprachanruf');
const count = (value: number) => new Intl.NumberFormat('de').format(value);

/** German. */
export const de = {
  locale: 'de',
  dir: 'ltr',
  calls: {
    calling: 'Anruf wird aufgebaut…',
    ringing: 'Klingelt…',
    incomingVoiceCall: 'Eingehender Sprachanruf',
    incomingVideoCall: 'Eingehender Videoanruf',
    accept: 'Annehmen',
    decline: 'Ablehnen',
    endAndAccept: 'Beenden und annehmen',
    endCall: 'Auflegen',
    declined: 'Anruf abgelehnt',
    busy: 'Besetzt',
    noAnswer: 'Keine Antwort',
    unavailable: 'Nicht erreichbar',
    cancelled: 'Anruf abgebrochen',
    ended: 'Anruf beendet',
    failed: 'Anruf fehlgeschlagen',
    actionFailed: 'Das hat nicht geklappt. Bitte versuche es noch einmal.',
    answeredElsewhere: 'Auf einem anderen Gerät angenommen',
    declinedElsewhere: 'Auf einem anderen Gerät abgelehnt',
    missedCall: 'Verpasster Anruf',
    cancelledByCaller: 'Der Anrufer hat aufgelegt',
    cancelledWhileAccepting: 'Der Anrufer hat aufgelegt, bevor die Verbindung stand',
    callAgain: 'Erneut anrufen',
    connecting: 'Verbindung wird hergestellt…',
    ending: 'Wird beendet…',
    reconnecting: 'Verbindung wird wiederhergestellt…',
    reconnected: 'Wieder verbunden',
    soundBlocked: 'Ton ist aus: Tippe irgendwo, um den Klingelton zu hören',
    mute: 'Stumm',
    unmute: 'Ton an',
    cameraOff: 'Kamera ausschalten',
    cameraOn: 'Kamera einschalten',
    camera: 'Kamera',
    end: 'Auflegen',
    callDuration: 'Anrufdauer',
    acceptCallFrom: (name, isVideo = false) => `${call(isVideo)} von ${name} annehmen`,
    declineCallFrom: (name, isVideo = false) => `${call(isVideo)} von ${name} ablehnen`,
    endAndAcceptCallFrom: (name, isVideo = false) =>
      `Aktuellen Anruf beenden und ${call(isVideo)} von ${name} annehmen`,
    endCallWith: name => `Anruf mit ${name} beenden`,
    callingName: name => `${name} wird angerufen`,
    incomingCallFrom: (name, isVideo) => `Eingehender ${call(isVideo)} von ${name}`,
    inCallWith: name => `Im Gespräch mit ${name}`,
    callingPeople: people =>
      new Intl.PluralRules('de').select(people) === 'one'
        ? `${count(people)} Person wird angerufen`
        : `${count(people)} Personen werden angerufen`,
    duration: kitDurationIn('de'),
  },
  readiness: {
    ready: 'Anrufe klingeln hier',
    missing: 'Du könntest einen Anruf verpassen:',
    turnOn: 'Anrufhinweise einschalten',
    sound: 'Der Ton bleibt aus, bis du klickst',
    notifications: 'Benachrichtigungen sind aus',
    notificationsDenied:
      'Benachrichtigungen sind in den Website-Einstellungen des Browsers blockiert',
    registered: 'Nicht mit dem Anrufdienst verbunden',
    serviceWorker: 'Anrufe erreichen dich nicht, solange die App geschlossen ist',
  },
  dock: {
    minimize: 'Anruf minimieren',
    restore: 'Vollbild',
    popOut: 'In eigenem Fenster',
    backToTab: 'Zurück in den Tab',
    moveHint: 'Mit den Pfeiltasten das Anruffenster verschieben',
    movedTo: (vertical, horizontal) =>
      `Anruffenster in die Ecke ${vertical === 'top' ? 'oben' : 'unten'} ${
        horizontal === 'left' ? 'links' : 'rechts'
      } verschoben`,
  },
  devices: {
    devices: 'Geräte',
    microphone: 'Mikrofon',
    camera: 'Kamera',
    speaker: 'Lautsprecher',
    mutedSpeech: 'Du bist stummgeschaltet',
    unnamedDevice: (kind, index) => `${kind} ${count(index)}`,
  },
  buttons: {
    voice: 'Sprachanruf',
    video: 'Videoanruf',
    notReady: 'Anrufe sind gerade nicht möglich',
    callTo: (name, isVideo = false) => `${isVideo ? 'Videoanruf' : 'Sprachanruf'} an ${name}`,
    inCallWith: name => `Schon im Gespräch mit ${name}`,
  },
  selfView: {
    label: 'Dein Video, mit den Pfeiltasten verschieben',
    movedTo: (vertical, horizontal) =>
      `Dein Video in die Ecke ${vertical === 'top' ? 'oben' : 'unten'} ${
        horizontal === 'left' ? 'links' : 'rechts'
      } verschoben`,
  },
  keypad: {
    keypad: 'Tastenfeld',
    star: 'Stern',
    pound: 'Raute',
    digitsSent: 'Gesendete Ziffern:',
    sent: key => `${key} gesendet`,
  },
  preview: {
    preview: 'Vorschau deiner Kamera, nur für dich sichtbar, bis der Anruf verbunden ist',
    answerAsVoice: 'Als Sprachanruf annehmen',
    answerAsVoiceFrom: name => `Als Sprachanruf annehmen: Videoanruf von ${name}`,
  },
  hold: {
    hold: 'Halten',
    resume: 'Fortsetzen',
    onHold: 'Gehalten',
    resumed: 'Anruf fortgesetzt',
    heldBy: name => `${name} hat dich in die Warteschleife gelegt`,
    holdAndAccept: 'Halten und annehmen',
    holdAndAcceptCallFrom: (name, video) =>
      `Aktuellen Anruf halten und ${video ? 'Videoanruf' : 'Sprachanruf'} von ${name} annehmen`,
    switchCall: 'Wechseln',
    switchTo: name => `Zum Anruf mit ${name} wechseln`,
    transfer: 'Weiterleiten',
    transferTo: 'Weiterleiten an',
    transferringTo: name => `Weiterleitung an ${name}…`,
    callFirst: 'Zuerst anrufen',
    callFirstTo: name => `Zuerst ${name} anrufen`,
    completeTransfer: 'Weiterleitung abschließen',
    transferBetween: (held, to) => `${held} an ${to} weiterleiten`,
  },
  push: {
    voice: 'Eingehender Sprachanruf',
    video: 'Eingehender Videoanruf',
    accept: 'Annehmen',
    decline: 'Ablehnen',
    call: 'Eingehender Anruf',
    missed: 'Verpasster Anruf',
    missedVoice: 'Verpasster Sprachanruf',
    missedVideo: 'Verpasster Videoanruf',
    callBack: 'Zurückrufen',
  },
  log: {
    title: 'Letzte Anrufe',
    empty: 'Noch keine Anrufe',
    callBack: 'Zurückrufen',
    incoming: 'Eingehend',
    outgoing: 'Ausgehend',
    missed: 'Verpasst',
    voice: 'Sprachanruf',
    video: 'Videoanruf',
    notAnswered: 'Nicht angenommen',
    join: 'Beitreten',
    joinName: group => `Dem Anruf mit ${group} beitreten`,
    calledBy: name => `Angerufen von ${name}`,
    missedCallFrom: name => `Verpasster Anruf von ${name}`,
    callBackName: name => `${name} zurückrufen`,
    missedCount: missed =>
      new Intl.PluralRules('de').select(missed) === 'one'
        ? `${count(missed)} verpasster Anruf`
        : `${count(missed)} verpasste Anrufe`,
  },
  group: {
    callingGroup: (caller, group) => `${caller} ruft ${group} an`,
    peopleCount: people =>
      new Intl.PluralRules('de').select(people) === 'one'
        ? `${count(people)} Person`
        : `${count(people)} Personen`,
    videoCall: 'Videoanruf',
    voiceCall: 'Sprachanruf',
    more: more => `+${count(more)}`,
    moreLabel: more => `und ${count(more)} weitere`,
    callingPeople: people =>
      new Intl.PluralRules('de').select(people) === 'one'
        ? `${count(people)} Person wird angerufen…`
        : `${count(people)} Personen werden angerufen…`,
    everyoneDeclined: 'Abgelehnt',
    nobodyAnswered: 'Niemand hat angenommen',
    everyoneLeft: 'Alle haben den Anruf verlassen',
    invited: 'Eingeladen',
    ringing: 'Klingelt',
    joined: 'Im Anruf',
    declined: 'Abgelehnt',
    busy: 'Besetzt',
    unanswered: 'Keine Antwort',
    left: 'Hat den Anruf verlassen',
    joinedName: name => `${name} ist beigetreten`,
    declinedName: name => `${name} hat abgelehnt`,
    busyName: name => `${name} ist besetzt`,
    unansweredName: name => `${name} hat nicht angenommen`,
    leftName: name => `${name} hat den Anruf verlassen`,
    speakingName: name => `${name} spricht`,
    grid: 'Teilnehmende',
    you: 'Du',
    tile: (name, muted, speaking) =>
      [name, muted && 'stummgeschaltet', speaking && 'spricht'].filter(Boolean).join(', '),
    pinned: 'angeheftet',
    participants: 'Personen',
    panelTitle: 'Personen im Anruf',
    close: 'Schließen',
    ringAgain: 'Erneut anrufen',
    ringAgainName: name => `${name} erneut anrufen`,
    addPeople: 'Personen hinzufügen',
    addName: name => `${name} hinzufügen`,
    nobodyToAdd: 'Niemand mehr zum Hinzufügen',
  },
} satisfies KitLanguagePack;
