import {kitDurationIn, type KitLanguagePack} from 'kit-chat-uikit-angular/i18n/language-pack';

const call = (isVideo: boolean) => (isVideo ? 'chamada de vídeo' : 'chamada de voz');
const count = (value: number) => new Intl.NumberFormat('pt-BR').format(value);

/** Portuguese (Brazil). */
export const ptBR = {
  locale: 'pt-BR',
  dir: 'ltr',
  calls: {
    calling: 'Chamando…',
    ringing: 'Tocando…',
    incomingVoiceCall: 'Chamada de voz recebida',
    incomingVideoCall: 'Chamada de vídeo recebida',
    accept: 'Atender',
    decline: 'Recusar',
    endAndAccept: 'Encerrar e atender',
    endCall: 'Encerrar chamada',
    declined: 'Chamada recusada',
    busy: 'Ocupado',
    noAnswer: 'Sem resposta',
    unavailable: 'Indisponível',
    cancelled: 'Chamada cancelada',
    ended: 'Chamada encerrada',
    failed: 'Falha na chamada',
    actionFailed: 'Não deu certo. Tente de novo.',
    answeredElsewhere: 'Atendida em outro dispositivo',
    declinedElsewhere: 'Recusada em outro dispositivo',
    missedCall: 'Chamada perdida',
    cancelledByCaller: 'A pessoa desligou',
    cancelledWhileAccepting: 'A pessoa desligou antes de a chamada conectar',
    callAgain: 'Ligar de novo',
    connecting: 'Conectando…',
    ending: 'Encerrando…',
    reconnecting: 'Reconectando…',
    reconnected: 'Conectado de novo',
    soundBlocked: 'Som desativado: toque em qualquer lugar para ouvir o toque',
    mute: 'Silenciar',
    unmute: 'Ativar som',
    cameraOff: 'Desligar câmera',
    cameraOn: 'Ligar câmera',
    camera: 'Câmera',
    end: 'Encerrar',
    callDuration: 'Duração da chamada',
    acceptCallFrom: (name, isVideo = false) => `Atender ${call(isVideo)} de ${name}`,
    declineCallFrom: (name, isVideo = false) => `Recusar ${call(isVideo)} de ${name}`,
    endAndAcceptCallFrom: (name, isVideo = false) =>
      `Encerrar a chamada atual e atender ${call(isVideo)} de ${name}`,
    endCallWith: name => `Encerrar chamada com ${name}`,
    callingName: name => `Chamando ${name}`,
    incomingCallFrom: (name, isVideo) =>
      `${isVideo ? 'Chamada de vídeo' : 'Chamada de voz'} recebida de ${name}`,
    inCallWith: name => `Em chamada com ${name}`,
    callingPeople: people =>
      new Intl.PluralRules('pt-BR').select(people) === 'one'
        ? `Chamando ${count(people)} pessoa`
        : `Chamando ${count(people)} pessoas`,
    duration: kitDurationIn('pt-BR'),
  },
  readiness: {
    ready: 'As chamadas vão tocar aqui',
    missing: 'Você pode perder uma chamada:',
    turnOn: 'Ativar alertas de chamada',
    sound: 'O som fica desativado até você clicar',
    notifications: 'As notificações estão desativadas',
    notificationsDenied: 'As notificações estão bloqueadas nas configurações do site no navegador',
    registered: 'Sem conexão com o serviço de chamadas',
    serviceWorker: 'As chamadas não chegam com o app fechado',
  },
  dock: {
    minimize: 'Minimizar chamada',
    restore: 'Tela cheia',
    popOut: 'Abrir em janela',
    backToTab: 'Voltar para a aba',
    moveHint: 'As setas do teclado movem a janela da chamada',
    movedTo: (vertical, horizontal) =>
      `Janela da chamada movida para o canto ${vertical === 'top' ? 'superior' : 'inferior'} ${
        horizontal === 'left' ? 'esquerdo' : 'direito'
      }`,
  },
  devices: {
    devices: 'Dispositivos',
    microphone: 'Microfone',
    camera: 'Câmera',
    speaker: 'Alto-falante',
    mutedSpeech: 'Seu microfone está silenciado',
    unnamedDevice: (kind, index) => `${kind} ${count(index)}`,
  },
  buttons: {
    voice: 'Voz',
    video: 'Vídeo',
    notReady: 'As chamadas não estão disponíveis agora',
    callTo: (name, isVideo = false) => `Chamada de ${isVideo ? 'vídeo' : 'voz'} para ${name}`,
    inCallWith: name => `Já em chamada com ${name}`,
  },
  selfView: {
    label: 'Seu vídeo, as setas do teclado o movem',
    movedTo: (vertical, horizontal) =>
      `Seu vídeo movido para o canto ${vertical === 'top' ? 'superior' : 'inferior'} ${
        horizontal === 'left' ? 'esquerdo' : 'direito'
      }`,
  },
  keypad: {
    keypad: 'Teclado',
    star: 'Asterisco',
    pound: 'Jogo da velha',
    digitsSent: 'Dígitos enviados:',
    sent: key => `${key} enviado`,
  },
  preview: {
    preview: 'Prévia da sua câmera, vista só por você até a chamada conectar',
    answerAsVoice: 'Atender só com voz',
    answerAsVoiceFrom: name => `Atender só com voz: videochamada de ${name}`,
  },
  hold: {
    hold: 'Espera',
    resume: 'Retomar',
    onHold: 'Em espera',
    resumed: 'Chamada retomada',
    heldBy: name => `${name} colocou você em espera`,
    holdAndAccept: 'Pôr em espera e atender',
    holdAndAcceptCallFrom: (name, video) =>
      `Colocar a chamada atual em espera e atender a ${video ? 'chamada de vídeo' : 'chamada de voz'} de ${name}`,
    switchCall: 'Alternar',
    switchTo: name => `Alternar para a chamada com ${name}`,
    transfer: 'Transferir',
    transferTo: 'Transferir para',
    transferringTo: name => `Transferindo para ${name}…`,
    callFirst: 'Ligar antes',
    callFirstTo: name => `Ligar antes para ${name}`,
    completeTransfer: 'Concluir a transferência',
    transferBetween: (held, to) => `Transferir ${held} para ${to}`,
  },
  push: {
    voice: 'Chamada de voz recebida',
    video: 'Chamada de vídeo recebida',
    accept: 'Atender',
    decline: 'Recusar',
    call: 'Chamada recebida',
    missed: 'Chamada perdida',
    missedVoice: 'Chamada de voz perdida',
    missedVideo: 'Chamada de vídeo perdida',
    callBack: 'Retornar',
  },
  log: {
    title: 'Chamadas recentes',
    empty: 'Nenhuma chamada ainda',
    callBack: 'Retornar',
    incoming: 'Recebida',
    outgoing: 'Feita',
    missed: 'Perdida',
    voice: 'Chamada de voz',
    video: 'Chamada de vídeo',
    notAnswered: 'Não atendida',
    join: 'Entrar',
    joinName: group => `Entrar na chamada com ${group}`,
    calledBy: name => `Chamada de ${name}`,
    missedCallFrom: name => `Chamada perdida de ${name}`,
    callBackName: name => `Retornar a chamada de ${name}`,
    missedCount: missed =>
      new Intl.PluralRules('pt-BR').select(missed) === 'one'
        ? `${count(missed)} chamada perdida`
        : `${count(missed)} chamadas perdidas`,
  },
  group: {
    callingGroup: (caller, group) => `${caller} está ligando para ${group}`,
    peopleCount: people =>
      new Intl.PluralRules('pt-BR').select(people) === 'one'
        ? `${count(people)} pessoa`
        : `${count(people)} pessoas`,
    videoCall: 'Chamada de vídeo',
    voiceCall: 'Chamada de voz',
    more: more => `+${count(more)}`,
    moreLabel: more => `e mais ${count(more)}`,
    callingPeople: people =>
      new Intl.PluralRules('pt-BR').select(people) === 'one'
        ? `Ligando para ${count(people)} pessoa…`
        : `Ligando para ${count(people)} pessoas…`,
    everyoneDeclined: 'Recusada',
    nobodyAnswered: 'Ninguém atendeu',
    everyoneLeft: 'Todos saíram',
    invited: 'Convidado',
    ringing: 'Chamando',
    joined: 'Na chamada',
    declined: 'Recusou',
    busy: 'Ocupado',
    unanswered: 'Não atendeu',
    left: 'Saiu',
    joinedName: name => `${name} entrou na chamada`,
    declinedName: name => `${name} recusou`,
    busyName: name => `${name} está ocupado`,
    unansweredName: name => `${name} não atendeu`,
    leftName: name => `${name} saiu da chamada`,
    speakingName: name => `${name} está falando`,
    grid: 'Participantes da chamada',
    you: 'Você',
    tile: (name, muted, speaking) =>
      [name, muted && 'sem áudio', speaking && 'falando'].filter(Boolean).join(', '),
    pinned: 'fixado',
    participants: 'Pessoas',
    panelTitle: 'Pessoas na chamada',
    close: 'Fechar',
    ringAgain: 'Ligar de novo',
    ringAgainName: name => `Ligar de novo para ${name}`,
    addPeople: 'Adicionar pessoas',
    addName: name => `Adicionar ${name}`,
    nobodyToAdd: 'Ninguém mais para adicionar',
  },
} satisfies KitLanguagePack;
