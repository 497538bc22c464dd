import {kitDurationIn, type KitLanguagePack} from 'kit-chat-uikit-angular/i18n/language-pack';

/** «звонок», as the object of a verb (accusative). */
const call = (isVideo: boolean) => (isVideo ? 'видеозвонок' : 'аудиозвонок');
const count = (value: number) => new Intl.NumberFormat('ru').format(value);
/** «участник» after a number: 1 участник, 2 участника, 5 участников, 1,5 участника. */
const PEOPLE: Partial<Record<Intl.LDMLPluralRule, string>> = {
  one: 'участник',
  few: 'участника',
  many: 'участников',
};

/** Russian. */
export const ru = {
  locale: 'ru',
  dir: 'ltr',
  calls: {
    calling: 'Вызов…',
    ringing: 'Идут гудки…',
    incomingVoiceCall: 'Входящий аудиозвонок',
    incomingVideoCall: 'Входящий видеозвонок',
    accept: 'Принять',
    decline: 'Отклонить',
    endAndAccept: 'Завершить и принять',
    endCall: 'Завершить звонок',
    declined: 'Звонок отклонён',
    busy: 'Занято',
    noAnswer: 'Нет ответа',
    unavailable: 'Абонент недоступен',
    cancelled: 'Звонок отменён',
    ended: 'Звонок завершён',
    failed: 'Не удалось позвонить',
    actionFailed: 'Не получилось. Попробуйте ещё раз.',
    answeredElsewhere: 'Принят на другом устройстве',
    declinedElsewhere: 'Отклонён на другом устройстве',
    missedCall: 'Пропущенный звонок',
    cancelledByCaller: 'Собеседник положил трубку',
    cancelledWhileAccepting: 'Собеседник положил трубку до соединения',
    callAgain: 'Перезвонить',
    connecting: 'Соединение…',
    ending: 'Завершение…',
    reconnecting: 'Восстановление связи…',
    reconnected: 'Связь восстановлена',
    soundBlocked: 'Звук выключен: коснитесь экрана, чтобы услышать звонок',
    mute: 'Без звука',
    unmute: 'Включить микрофон',
    cameraOff: 'Выключить камеру',
    cameraOn: 'Включить камеру',
    camera: 'Камера',
    end: 'Завершить',
    callDuration: 'Длительность звонка',
    acceptCallFrom: (name, isVideo = false) => `Принять ${call(isVideo)} от ${name}`,
    declineCallFrom: (name, isVideo = false) => `Отклонить ${call(isVideo)} от ${name}`,
    endAndAcceptCallFrom: (name, isVideo = false) =>
      `Завершить текущий звонок и принять ${call(isVideo)} от ${name}`,
    endCallWith: name => `Завершить звонок с ${name}`,
    callingName: name => `Вызов: ${name}`,
    incomingCallFrom: (name, isVideo) =>
      `${isVideo ? 'Входящий видеозвонок' : 'Входящий аудиозвонок'} от ${name}`,
    inCallWith: name => `Разговор с ${name}`,
    callingPeople: people =>
      `Вызов: ${count(people)} ${PEOPLE[new Intl.PluralRules('ru').select(people)] ?? 'участника'}`,
    duration: kitDurationIn('ru'),
  },
  readiness: {
    ready: 'Звонки будут приходить сюда',
    missing: 'Вы можете пропустить звонок:',
    turnOn: 'Включить оповещения о звонках',
    sound: 'Звук выключен, пока вы не нажмёте',
    notifications: 'Уведомления выключены',
    notificationsDenied: 'Уведомления заблокированы в настройках сайта в браузере',
    registered: 'Нет связи с сервисом звонков',
    serviceWorker: 'Когда приложение закрыто, звонки до вас не дойдут',
  },
  dock: {
    minimize: 'Свернуть звонок',
    restore: 'На весь экран',
    popOut: 'В отдельном окне',
    backToTab: 'Вернуть во вкладку',
    moveHint: 'Окно звонка перемещается клавишами со стрелками',
    movedTo: (vertical, horizontal) =>
      `Окно звонка перемещено в ${vertical === 'top' ? 'верхний' : 'нижний'} ${
        horizontal === 'left' ? 'левый' : 'правый'
      } угол`,
  },
  devices: {
    devices: 'Устройства',
    microphone: 'Микрофон',
    camera: 'Камера',
    speaker: 'Динамик',
    mutedSpeech: 'У вас выключен микрофон',
    unnamedDevice: (kind, index) => `${kind} ${count(index)}`,
  },
  buttons: {
    voice: 'Аудио',
    video: 'Видео',
    notReady: 'Звонки сейчас недоступны',
    callTo: (name, isVideo = false) => `${isVideo ? 'Видео' : 'Аудио'}звонок: ${name}`,
    inCallWith: name => `Уже идёт разговор с ${name}`,
  },
  selfView: {
    label: 'Ваше видео, перемещается клавишами со стрелками',
    movedTo: (vertical, horizontal) =>
      `Ваше видео перемещено в ${vertical === 'top' ? 'верхний' : 'нижний'} ${
        horizontal === 'left' ? 'левый' : 'правый'
      } угол`,
  },
  keypad: {
    keypad: 'Клавиатура',
    star: 'Звёздочка',
    pound: 'Решётка',
    digitsSent: 'Отправленные цифры:',
    sent: key => `${key}: отправлено`,
  },
  preview: {
    preview: 'Предпросмотр камеры, виден только вам до соединения',
    answerAsVoice: 'Ответить голосом',
    answerAsVoiceFrom: name => `Ответить голосом: видеозвонок от ${name}`,
  },
  hold: {
    hold: 'Удержание',
    resume: 'Возобновить',
    onHold: 'На удержании',
    resumed: 'Звонок возобновлён',
    heldBy: name => `${name} поставил(а) вас на удержание`,
    holdAndAccept: 'Удержать и принять',
    holdAndAcceptCallFrom: (name, video) =>
      `Поставить текущий вызов на удержание и принять ${video ? 'видеозвонок' : 'голосовой звонок'}: ${name}`,
    switchCall: 'Переключить',
    switchTo: name => `Переключиться на звонок: ${name}`,
    transfer: 'Перевести',
    transferTo: 'Перевести на',
    transferringTo: name => `Перевод звонка: ${name}…`,
    callFirst: 'Сначала позвонить',
    callFirstTo: name => `Сначала позвонить: ${name}`,
    completeTransfer: 'Завершить перевод',
    transferBetween: (held, to) => `Перевести звонок: ${held} → ${to}`,
  },
  push: {
    voice: 'Входящий аудиозвонок',
    video: 'Входящий видеозвонок',
    accept: 'Принять',
    decline: 'Отклонить',
    call: 'Входящий звонок',
    missed: 'Пропущенный звонок',
    missedVoice: 'Пропущенный голосовой звонок',
    missedVideo: 'Пропущенный видеозвонок',
    callBack: 'Перезвонить',
  },
  log: {
    title: 'Недавние вызовы',
    empty: 'Вызовов пока нет',
    callBack: 'Перезвонить',
    incoming: 'Входящий',
    outgoing: 'Исходящий',
    missed: 'Пропущенный',
    voice: 'Голосовой вызов',
    video: 'Видеовызов',
    notAnswered: 'Без ответа',
    join: 'Присоединиться',
    joinName: group => `Присоединиться к звонку с ${group}`,
    calledBy: name => `Звонок от ${name}`,
    missedCallFrom: name => `Пропущенный вызов от ${name}`,
    callBackName: name => `Перезвонить: ${name}`,
    missedCount: missed => {
      const form = new Intl.PluralRules('ru').select(missed);
      const words =
        form === 'one'
          ? 'пропущенный вызов'
          : form === 'few'
            ? 'пропущенных вызова'
            : 'пропущенных вызовов';
      return `${count(missed)} ${words}`;
    },
  },
  group: {
    callingGroup: (caller, group) => `${caller} звонит группе ${group}`,
    peopleCount: people =>
      `${count(people)} ${new Intl.PluralRules('ru').select(people) === 'few' ? 'человека' : 'человек'}`,
    videoCall: 'Видеозвонок',
    voiceCall: 'Аудиозвонок',
    more: more => `+${count(more)}`,
    moreLabel: more => `и ещё ${count(more)}`,
    callingPeople: people =>
      `Вызов: ${count(people)} ${PEOPLE[new Intl.PluralRules('ru').select(people)] ?? 'участника'}…`,
    everyoneDeclined: 'Отклонено',
    nobodyAnswered: 'Никто не ответил',
    everyoneLeft: 'Все вышли из звонка',
    invited: 'Приглашение отправлено',
    ringing: 'Идёт вызов',
    joined: 'В звонке',
    declined: 'Отклонено',
    busy: 'Занято',
    unanswered: 'Нет ответа',
    left: 'Не в звонке',
    joinedName: name => `${name} присоединяется к звонку`,
    declinedName: name => `${name} отклоняет вызов`,
    busyName: name => `${name}: занято`,
    unansweredName: name => `${name}: нет ответа`,
    leftName: name => `${name} покидает звонок`,
    speakingName: name => `${name} говорит`,
    grid: 'Участники',
    you: 'Вы',
    tile: (name, muted, speaking) =>
      [name, muted && 'микрофон выключен', speaking && 'говорит'].filter(Boolean).join(', '),
    pinned: 'закреплено',
    participants: 'Люди',
    panelTitle: 'Участники звонка',
    close: 'Закрыть',
    ringAgain: 'Позвонить ещё раз',
    ringAgainName: name => `Позвонить ещё раз: ${name}`,
    addPeople: 'Добавить людей',
    addName: name => `Добавить: ${name}`,
    nobodyToAdd: 'Больше некого добавить',
  },
} satisfies KitLanguagePack;
