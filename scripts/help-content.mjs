// The help content the seed ships: 10 FAQ entries and 8 articles, in Russian and English. Markdown
// as the help pages render it (web/features/help/components/help-markdown.tsx): `app:/connect` is a
// page of the reader's current account, `[title](video:youtube:ID)` or `[title](video:https://…)`
// opens the video dialog, images are absolute https URLs, uploads (/api/help-media/…) or the SPA's
// own static files.

export const FAQ = [
  {
    id: "faq-channels-which",
    category: "channels",
    ru: {
      question: "Какие мессенджеры можно подключить?",
      answer:
        "Telegram (бот), WhatsApp (номер через шлюз Green API) и Instagram (директ и комментарии профессионального аккаунта). Все три подключаются на странице [«Подключение мессенджеров»](app:/connect), каждый — за несколько минут. Сообщения из всех каналов попадают в одни [чаты](app:/apps/chat), а ассистент отвечает в каждом из них.",
    },
    en: {
      question: "Which messengers can I connect?",
      answer:
        "Telegram (a bot), WhatsApp (a number through the Green API gateway) and Instagram (direct messages and comments of a professional account). All three are connected on the [Connect messengers](app:/connect) page, each in a few minutes. Messages from every channel land in one [inbox](app:/apps/chat), and the assistant answers in each of them.",
    },
  },
  {
    id: "faq-telegram-silent",
    category: "channels",
    ru: {
      question: "Бот в Telegram не отвечает. Что проверить?",
      answer:
        "1. На странице [«Подключение мессенджеров»](app:/connect) карточка Telegram должна показывать «Вебхук работает». Если там «Вебхук с ошибками», нажмите «Заменить токен» и вставьте актуальный токен из @BotFather.\n2. Проверьте, что к каналу привязан ассистент и он включён.\n3. Откройте диалог в [чатах](app:/apps/chat): если вверху написано «ИИ выключен в этом диалоге», оператор забрал разговор себе — включите ИИ переключателем в шапке диалога.\n4. Бот отвечает только в личных сообщениях, не в группах.",
    },
    en: {
      question: "My Telegram bot does not answer. What should I check?",
      answer:
        "1. On [Connect messengers](app:/connect) the Telegram card should say the webhook is working. If it reports webhook errors, choose \"Replace token\" and paste the current token from @BotFather.\n2. Check that an assistant is attached to the channel and switched on.\n3. Open the conversation in the [inbox](app:/apps/chat): if it says the AI is off in this conversation, an operator took it over — switch the AI back on in the conversation header.\n4. The bot answers in private messages only, not in groups.",
    },
  },
  {
    id: "faq-instagram-window",
    category: "channels",
    ru: {
      question: "Почему в Instagram нельзя ответить клиенту, который писал вчера?",
      answer:
        "Так работает правило Meta: бизнес-аккаунт может писать клиенту только в течение **24 часов** после его последнего сообщения. Когда окно закрыто, поле ответа в чате объясняет это, а рассылка пропускает такого получателя с причиной. Окно снова откроется, как только клиент напишет сам. На комментарий можно один раз ответить личным сообщением — это отдельное правило Instagram.",
    },
    en: {
      question: "Why can't I answer an Instagram customer who wrote yesterday?",
      answer:
        "That is Meta's rule: a business account may message a customer only within **24 hours** of their last message. When the window is closed, the reply box in the chat says so, and a broadcast skips that recipient with the reason. The window opens again as soon as the customer writes. A comment may be answered once with a private message — a separate Instagram rule.",
    },
  },
  {
    id: "faq-assistant-knowledge",
    category: "assistants",
    ru: {
      question: "Откуда ассистент знает о моём бизнесе?",
      answer:
        "Из двух полей карточки ассистента на странице [«Ассистенты»](app:/assistants): **инструкции** (кто он, каким тоном говорит, что можно и чего нельзя) и **база знаний** (цены, доставка, часы работы, условия возврата). Ассистент опирается только на них и на историю диалога, поэтому пишите факты коротко и конкретно. Если не хочется начинать с чистого листа, возьмите шаблон или нажмите «Сгенерировать» и опишите бизнес в двух словах.",
    },
    en: {
      question: "How does the assistant know about my business?",
      answer:
        "From two fields of the assistant's card on [Assistants](app:/assistants): the **instructions** (who it is, its tone, what it may and may not do) and the **knowledge** (prices, delivery, opening hours, return terms). The assistant relies only on them and the conversation history, so write the facts short and specific. Rather than a blank page, start from a template, or choose \"Generate\" and describe the business in a sentence.",
    },
  },
  {
    id: "faq-assistant-test",
    category: "assistants",
    ru: {
      question: "Как проверить ассистента до подключения к клиентам?",
      answer:
        "Откройте ассистента и напишите ему в тестовом чате — он отвечает так же, как будет отвечать клиентам, но сообщения никуда не уходят. Поменяйте инструкции или базу знаний, сохраните и спросите снова. Хорошая проверка — 5–10 настоящих вопросов ваших клиентов, включая неудобные: «а дешевле?», «позовите человека».",
    },
    en: {
      question: "How can I try the assistant before customers see it?",
      answer:
        "Open the assistant and write to it in the test chat — it answers exactly as it will answer customers, but nothing reaches a messenger. Change the instructions or knowledge, save and ask again. A good check is 5–10 real questions of your customers, awkward ones included: \"any cheaper?\", \"get me a person\".",
    },
  },
  {
    id: "faq-inbox-takeover",
    category: "inbox",
    ru: {
      question: "Как оператору перехватить диалог у ассистента?",
      answer:
        "Просто ответьте клиенту в [чатах](app:/apps/chat) или выключите переключатель «ИИ» в шапке диалога — ассистент замолчит в этом диалоге, а остальные продолжит вести. ИИ выключается сам, если клиент просит живого человека (ассистент передаёт диалог оператору) или если вы ответили клиенту прямо с телефона в WhatsApp или из приложения Instagram. Чтобы вернуть диалог ассистенту, включите «ИИ» снова.",
    },
    en: {
      question: "How does an operator take a conversation over from the assistant?",
      answer:
        "Just answer the customer in the [inbox](app:/apps/chat), or turn off the \"AI\" switch in the conversation header — the assistant falls silent in this conversation and keeps handling the others. The AI also turns off by itself when the customer asks for a person (the assistant hands the conversation to an operator) or when you answered from the phone in WhatsApp or from the Instagram app. To give the conversation back, switch the AI on again.",
    },
  },
  {
    id: "faq-inbox-roles",
    category: "inbox",
    ru: {
      question: "Чем оператор отличается от администратора?",
      answer:
        "**Оператор** работает с чатами и контактами: отвечает клиентам, ставит теги, видит ассистентов, каналы и рассылки, но не меняет настройки. **Администратор** и **владелец** настраивают ассистентов, подключают мессенджеры, запускают рассылки и приглашают сотрудников. Пригласить коллегу можно в [настройках аккаунта](app:/account-settings).",
    },
    en: {
      question: "What is the difference between an operator and an administrator?",
      answer:
        "An **operator** works with conversations and contacts: answers customers, tags them, sees assistants, channels and broadcasts, but changes no settings. An **administrator** and the **owner** set up assistants, connect messengers, run broadcasts and invite colleagues. Invite a colleague in the [account settings](app:/account-settings).",
    },
  },
  {
    id: "faq-flows-vs-ai",
    category: "flows",
    ru: {
      question: "Когда нужен сценарий, а когда хватит ассистента?",
      answer:
        "Ассистент хорош в свободном разговоре. [Сценарий](app:/flows) нужен там, где шаги должны идти строго по порядку: меню приветствия, сбор имени и телефона, заявка на запись. В одном диалоге они работают вместе: сначала сценарий, если он запущен, затем ассистент. Сценарий может и сам передать разговор ассистенту или оператору.",
    },
    en: {
      question: "When do I need a flow, and when is the assistant enough?",
      answer:
        "The assistant is good at free conversation. A [flow](app:/flows) is for steps that must go in a fixed order: a greeting menu, collecting a name and phone number, a booking request. In one conversation they work together: the flow first, if one is running, then the assistant. A flow may also hand the conversation to the assistant or to an operator.",
    },
  },
  {
    id: "faq-broadcasts-quota",
    category: "broadcasts",
    ru: {
      question: "Почему рассылка не запускается?",
      answer:
        "Перед стартом проверяется всё сразу, и сообщение говорит, что именно не так:\n\n- канал рассылки подключён и включён (а номер WhatsApp не получил «жёлтую карточку»);\n- в аудитории есть хотя бы один получатель;\n- в пакетах рассылок хватает получателей: остаток виден на странице [«Рассылки»](app:/broadcasts). Если не хватает, сообщение покажет оба числа — сколько нужно и сколько осталось.",
    },
    en: {
      question: "Why won't my broadcast start?",
      answer:
        "Everything is checked before the start, and the message says exactly what is wrong:\n\n- the broadcast's channel is connected and on (and the WhatsApp number has no \"yellow card\");\n- the audience has at least one recipient;\n- your broadcast packages have enough recipients left: the balance is shown on [Broadcasts](app:/broadcasts). If it is short, the message shows both numbers — how many are needed and how many are left.",
    },
  },
  {
    id: "faq-billing-balance",
    category: "billing",
    ru: {
      question: "Что будет, если закончится баланс?",
      answer:
        "Сообщения клиентов продолжат приходить в чаты — ничего не потеряется. Но когда израсходованы и единицы тарифа, и баланс, ассистент перестанет отвечать: в диалоге появится системная строка, а операторы увидят баннер. Мы заранее предупреждаем письмом и уведомлением при 80 % и 100 % лимита. Пополнить баланс или сменить тариф можно на странице [«Оплата и подписка»](app:/billing).",
    },
    en: {
      question: "What happens when my balance runs out?",
      answer:
        "Customers' messages keep arriving in the inbox — nothing is lost. But once both the plan's included units and the balance are used up, the assistant stops answering: the conversation gets a system line and operators see a banner. We warn you by e-mail and in the app at 80 % and 100 % of the limit. Top up or change the plan on [Billing](app:/billing).",
    },
  },
];

const TELEGRAM_RU = `Telegram подключается быстрее всех: нужен только токен бота.

## 1. Создайте бота

1. Откройте в Telegram [@BotFather](https://t.me/BotFather) и отправьте команду \`/newbot\`.
2. Придумайте имя (его видят клиенты) и адрес бота — он должен заканчиваться на \`bot\`.
3. BotFather пришлёт токен вида \`123456789:AAH…\`. Никому его не показывайте.

## 2. Подключите бота

Откройте [«Подключение мессенджеров»](app:/connect), в карточке Telegram вставьте токен и нажмите «Подключить бота». Мы проверим токен и сами настроим вебхук — адрес, по которому Telegram присылает нам сообщения.

![Путь сообщения: клиент пишет боту, ассистент отвечает, оператор видит диалог в чатах](/help/message-path-ru.svg)

## 3. Проверьте

Напишите боту со своего телефона. Сообщение появится в [чатах](app:/apps/chat), а ассистент ответит через пару секунд. В карточке Telegram виден статус вебхука: если Telegram не может доставить сообщения, там будет «Вебхук с ошибками» и текст ошибки.

> Токен хранится зашифрованным. Чтобы сменить бота, нажмите «Заменить токен»; история диалогов сохранится.`;

const TELEGRAM_EN = `Telegram is the fastest channel to connect: all it takes is a bot token.

## 1. Create a bot

1. Open [@BotFather](https://t.me/BotFather) in Telegram and send \`/newbot\`.
2. Choose a name (customers see it) and a username ending in \`bot\`.
3. BotFather sends a token like \`123456789:AAH…\`. Keep it secret.

## 2. Connect the bot

Open [Connect messengers](app:/connect), paste the token into the Telegram card and choose "Connect bot". We check the token and set up the webhook — the address Telegram delivers messages to — ourselves.

![How a message travels: the customer writes to the bot, the assistant answers, an operator sees the conversation in the inbox](/help/message-path-en.svg)

## 3. Check it

Write to the bot from your phone. The message appears in the [inbox](app:/apps/chat) and the assistant answers within seconds. The Telegram card shows the webhook's health: if Telegram cannot deliver, it reports webhook errors with Telegram's own message.

> The token is stored encrypted. To switch bots, choose "Replace token"; the conversation history stays.`;

const ASSISTANT_RU = `Ассистент — это ИИ, который отвечает клиентам от имени вашего бизнеса. Настройка занимает 10 минут.

[Видео: настройка ассистента за 3 минуты](video:youtube:aqz-KE-bpKQ)

## Инструкции

Опишите, кто ассистент и как он говорит: «Ты — консультант магазина товаров для дома „Уют“. Отвечай коротко, на „вы“, без смайликов. Если не знаешь ответа — предложи позвать менеджера». Не пишите в инструкции цены и факты — для них есть база знаний.

## База знаний

Соберите то, что клиенты спрашивают чаще всего: цены, доставку, часы работы, адреса, условия возврата. Пишите списком, по факту в строке:

\`\`\`
- Доставка по Москве — 300 ₽, бесплатно от 5000 ₽
- Работаем ежедневно с 9:00 до 21:00
- Возврат в течение 14 дней с чеком
\`\`\`

## Модель и проверка

Оставьте модель по умолчанию — она хорошо отвечает по-русски. Затем проверьте ассистента в тестовом чате и привяжите его к каналу на странице [«Подключение мессенджеров»](app:/connect).

Ассистент сам передаёт диалог оператору, когда клиент просит живого человека, знает текущие дату и время в часовом поясе аккаунта и может запоминать факты о клиенте.`;

const ASSISTANT_EN = `The assistant is the AI that answers customers on behalf of your business. Setting it up takes ten minutes.

[Video: set up an assistant in 3 minutes](video:youtube:aqz-KE-bpKQ)

## Instructions

Describe who the assistant is and how it speaks: "You are a consultant of the home goods shop Uyut. Answer briefly and politely, no emoji. If you don't know the answer, offer to call a manager." Keep prices and facts out of the instructions — that is what the knowledge is for.

## Knowledge

Collect what customers ask most often: prices, delivery, opening hours, addresses, return terms. Write a list, one fact per line:

\`\`\`
- Delivery in Moscow: 300 ₽, free from 5000 ₽
- Open daily from 9:00 to 21:00
- Returns within 14 days with a receipt
\`\`\`

## Model and testing

Keep the default model — it answers Russian well. Then try the assistant in the test chat and attach it to a channel on [Connect messengers](app:/connect).

The assistant hands a conversation to an operator when the customer asks for a person, knows the current date and time in the account's time zone, and can remember facts about the customer.`;

export const ARTICLES = [
  {
    id: "art-connect-telegram",
    slug: "connect-telegram",
    category: "channels",
    related: ["connect-whatsapp", "connect-instagram", "assistant-setup"],
    ru: { title: "Как подключить Telegram", summary: "Создайте бота в @BotFather, вставьте токен — и ассистент начнёт отвечать через минуту.", body: TELEGRAM_RU },
    en: { title: "Connecting Telegram", summary: "Create a bot with @BotFather, paste its token, and the assistant answers a minute later.", body: TELEGRAM_EN },
  },
  {
    id: "art-connect-whatsapp",
    slug: "connect-whatsapp",
    category: "channels",
    related: ["connect-telegram", "broadcasts-guide"],
    ru: {
      title: "Как подключить WhatsApp",
      summary: "Номер WhatsApp работает через шлюз Green API: создайте инстанс и отсканируйте QR-код.",
      body: `WhatsApp подключается через **Green API** — шлюз, который работает с обычным номером WhatsApp или WhatsApp Business.

## Создайте инстанс

На странице [«Подключение мессенджеров»](app:/connect) нажмите «Создать инстанс» в карточке WhatsApp. Мы закажем инстанс в Green API и сами настроим вебхук. Если инстанс у вас уже есть, выберите «Подключить существующий» и введите idInstance и apiTokenInstance из кабинета Green API.

## Привяжите телефон

1. Откройте WhatsApp на телефоне.
2. Настройки → Связанные устройства → Привязка устройства.
3. Наведите камеру на QR-код. Код обновляется сам; вместо него можно получить код привязки по номеру.

Когда состояние станет «Авторизован», сообщения клиентов начнут приходить в [чаты](app:/apps/chat).

## Чтобы номер не заблокировали

- В настройках инстанса держите паузу между отправками не меньше нескольких секунд.
- Не делайте рассылки тем, кто вам не писал.
- Если появилась «Жёлтая карточка», на время остановите рассылки: WhatsApp предупреждает о жалобах.

Если вы ответите клиенту прямо с телефона, мы сохраним это сообщение в диалоге и выключим в нём ИИ, чтобы ассистент не перебивал.`,
    },
    en: {
      title: "Connecting WhatsApp",
      summary: "A WhatsApp number works through the Green API gateway: create an instance and scan the QR code.",
      body: `WhatsApp is connected through **Green API**, a gateway that works with an ordinary WhatsApp or WhatsApp Business number.

## Create an instance

On [Connect messengers](app:/connect) choose "Create instance" in the WhatsApp card. We order the instance from Green API and set its webhook ourselves. If you already have an instance, choose "Connect existing" and enter the idInstance and apiTokenInstance from the Green API console.

## Link the phone

1. Open WhatsApp on the phone.
2. Settings → Linked devices → Link a device.
3. Point the camera at the QR code. It refreshes by itself; you may ask for a pairing code by phone number instead.

Once the state reads "Authorized", customers' messages arrive in the [inbox](app:/apps/chat).

## Keeping the number safe

- In the instance settings keep a delay of at least a few seconds between sends.
- Do not broadcast to people who never wrote to you.
- If a "yellow card" appears, pause broadcasts for a while: WhatsApp is warning about complaints.

If you answer a customer from the phone itself, we save that message in the conversation and turn its AI off, so the assistant does not interrupt.`,
    },
  },
  {
    id: "art-connect-instagram",
    slug: "connect-instagram",
    category: "channels",
    related: ["connect-telegram", "inbox-basics"],
    ru: {
      title: "Как подключить Instagram",
      summary: "Войдите через Facebook и выберите профессиональный аккаунт: директ и комментарии придут в чаты.",
      body: `Подключить можно **профессиональный** аккаунт Instagram (бизнес или автор), связанный со страницей Facebook.

## Вход через Facebook

1. На странице [«Подключение мессенджеров»](app:/connect) нажмите «Войти через Facebook».
2. Разрешите доступ к сообщениям и комментариям.
3. Выберите аккаунт Instagram из найденных — мы подпишемся на его директ и комментарии.

Если вход через Facebook недоступен, подключите аккаунт по его id и токену доступа — форма «или по id и токену» в той же карточке.

## Что приходит в чаты

- **Директ** — обычные диалоги, ассистент отвечает на них.
- **Комментарии** — отдельный диалог на каждый пост. С включённым «Автоответом на комментарии» ассистент отвечает и там.

## Правила Instagram

- **Окно 24 часа.** Писать клиенту можно в течение суток после его последнего сообщения.
- **Личный ответ на комментарий** отправляется один раз.

Если вы ответите клиенту из приложения Instagram, мы сохраним ответ в диалоге и выключим в нём ИИ.`,
    },
    en: {
      title: "Connecting Instagram",
      summary: "Sign in with Facebook and pick a professional account: direct messages and comments arrive in the inbox.",
      body: `You can connect a **professional** Instagram account (business or creator) linked to a Facebook page.

## Sign in with Facebook

1. On [Connect messengers](app:/connect) choose "Continue with Facebook".
2. Allow access to messages and comments.
3. Pick the Instagram account from those found — we subscribe to its direct messages and comments.

If Facebook sign-in is not available, connect the account by its id and access token — the "or by id and token" form in the same card.

## What arrives in the inbox

- **Direct messages** — ordinary conversations; the assistant answers them.
- **Comments** — one conversation per post. With "Auto-reply to comments" on, the assistant answers there too.

## Instagram's rules

- **The 24-hour window.** You may write to a customer within a day of their last message.
- **A private reply to a comment** is sent once.

If you answer a customer from the Instagram app, we save the answer in the conversation and turn its AI off.`,
    },
  },
  {
    id: "art-assistant-setup",
    slug: "assistant-setup",
    category: "assistants",
    related: ["inbox-basics", "flows-basics", "connect-telegram"],
    ru: { title: "Настройка ассистента", summary: "Инструкции, база знаний, модель и проверка в тестовом чате — с видео.", body: ASSISTANT_RU },
    en: { title: "Setting up an assistant", summary: "Instructions, knowledge, model and a try in the test chat — with a video.", body: ASSISTANT_EN },
  },
  {
    id: "art-inbox-basics",
    slug: "inbox-basics",
    category: "inbox",
    related: ["assistant-setup", "connect-instagram"],
    ru: {
      title: "Чаты: как работать с диалогами",
      summary: "Все каналы в одном окне, живые обновления, перехват диалога у ассистента и поиск.",
      body: `В [чатах](app:/apps/chat) собраны диалоги из Telegram, WhatsApp и Instagram. Один клиент в одном канале — один диалог.

## Живые обновления

Новые сообщения, ответы ассистента и статусы доставки (отправлено → доставлено → прочитано) появляются сразу, без перезагрузки страницы. Если ассистент готовит ответ, в диалоге видно «Ассистент готовит ответ…».

## Ассистент и оператор

- Переключатель **«ИИ»** в шапке диалога включает и выключает ассистента только в этом диалоге.
- Когда клиент просит человека, ассистент передаёт диалог оператору и выключает ИИ.
- Ответ оператора уходит клиенту в тот же мессенджер.

## Поиск и карточка контакта

Ищите по имени, логину или тексту последнего сообщения — регистр не важен. Справа открываются сведения о контакте: канал, телефон, теги и поля. Все контакты — на странице [«Контакты»](app:/contacts).`,
    },
    en: {
      title: "The inbox: working with conversations",
      summary: "Every channel in one window, live updates, taking over from the assistant, and search.",
      body: `The [inbox](app:/apps/chat) gathers conversations from Telegram, WhatsApp and Instagram. One customer in one channel is one conversation.

## Live updates

New messages, the assistant's replies and delivery states (sent → delivered → read) appear at once, without reloading the page. While the assistant prepares a reply, the conversation says so.

## Assistant and operator

- The **AI** switch in the conversation header turns the assistant on and off in this conversation only.
- When the customer asks for a person, the assistant hands the conversation to an operator and turns the AI off.
- An operator's reply goes to the customer in the same messenger.

## Search and the contact card

Search by name, username or the text of the last message — case does not matter. The contact's details open on the right: channel, phone, tags and fields. All contacts are on [Contacts](app:/contacts).`,
    },
  },
  {
    id: "art-flows-basics",
    slug: "flows-basics",
    category: "flows",
    related: ["assistant-setup", "broadcasts-guide"],
    ru: {
      title: "Сценарии: диалоги по шагам",
      summary: "Меню приветствия, сбор заявок и запись — шаги, которые идут строго по порядку.",
      body: `[Сценарий](app:/flows) — это цепочка шагов, которую вы рисуете в визуальном редакторе. Он нужен там, где разговор должен пройти ровно так, как задумано.

## Из чего состоит сценарий

- **Старт** с триггером: ключевое слово, первое сообщение нового контакта, кнопка рассылки, комментарий в Instagram или ручной запуск оператором.
- **Сообщение** — текст с переменными, картинка и до 10 кнопок.
- **Вопрос** — ждёт ответ, проверяет его (число, телефон, e-mail, дата, выбор кнопки) и сохраняет в поле контакта.
- **Условие** — ветвление по тегу, полю, каналу или времени.
- **Шаг ИИ** — передаёт разговор ассистенту с дополнительной задачей.
- **Действие** — поставить тег, заполнить поле или позвать оператора.

## Сценарий и ассистент вместе

В диалоге сначала работает сценарий, затем ассистент. Когда сценарий закончился, ассистент продолжает разговор, уже зная собранные ответы. Начните с готового шаблона: «Меню приветствия», «Сбор заявки» или «Запись».`,
    },
    en: {
      title: "Flows: step-by-step conversations",
      summary: "Greeting menus, lead capture and bookings — steps that go in a fixed order.",
      body: `A [flow](app:/flows) is a chain of steps you draw in a visual editor. Use one where a conversation must go exactly as planned.

## What a flow is made of

- **Start** with a trigger: a keyword, a new contact's first message, a broadcast button, an Instagram comment, or a manual start by an operator.
- **Message** — text with variables, an image and up to 10 buttons.
- **Question** — waits for the answer, validates it (number, phone, e-mail, date, a button choice) and saves it into a contact field.
- **Condition** — branches on a tag, a field, the channel or the time.
- **AI step** — hands the conversation to the assistant with an extra goal.
- **Action** — set a tag, fill a field, or call an operator.

## Flow and assistant together

In a conversation the flow goes first, then the assistant. When the flow ends, the assistant carries on, knowing the answers collected. Start from a template: "Greeting menu", "Lead capture" or "Booking request".`,
    },
  },
  {
    id: "art-broadcasts-guide",
    slug: "broadcasts-guide",
    category: "broadcasts",
    related: ["connect-whatsapp", "billing-balance"],
    ru: {
      title: "Рассылки: от черновика до статистики",
      summary: "Аудитория из сегмента или фильтра, персональный текст, кнопки, запуск по расписанию и отчёт.",
      body: `[Рассылка](app:/broadcasts) — одно сообщение через один подключённый канал для выбранной аудитории.

## Как создать

1. **Канал** — бот Telegram, номер WhatsApp или аккаунт Instagram.
2. **Аудитория** — сохранённый сегмент или фильтр по тегам, полям и каналу. Отписавшиеся не получат сообщение.
3. **Текст** — с подстановками \`{{name}}\` и \`{{ключ поля}}\`, картинкой или файлом и до 10 кнопок. В Telegram кнопки видны под сообщением, в WhatsApp и Instagram — нумерованным списком.
4. **Проверка** — «Отправить тест» пришлёт сообщение вам в тестовый чат таким, каким его увидит клиент.

## Запуск

Запустите сразу или по расписанию — время указывается в часовом поясе аккаунта. Рассылку можно поставить на паузу, продолжить или отменить. Скорость отправки учитывает лимиты каждого мессенджера.

## Отчёт

Для каждого получателя видно состояние: отправлено, доставлено, прочитано, ошибка или пропущен — с причиной. Переходы по кнопкам считаются. Получателей спишут из пакета рассылок по факту отправки.`,
    },
    en: {
      title: "Broadcasts: from draft to statistics",
      summary: "An audience from a segment or filter, personal text, buttons, a scheduled start and a report.",
      body: `A [broadcast](app:/broadcasts) is one message sent through one connected channel to an audience you choose.

## Creating one

1. **Channel** — a Telegram bot, a WhatsApp number or an Instagram account.
2. **Audience** — a saved segment or a filter on tags, fields and channel. Unsubscribed contacts never get it.
3. **Text** — with \`{{name}}\` and \`{{field key}}\` placeholders, an image or file, and up to 10 buttons. Telegram shows buttons under the message; WhatsApp and Instagram show them as a numbered list.
4. **Check** — "Send test" delivers the message to your own test chat exactly as the customer will see it.

## Starting

Start now or at a scheduled time in the account's time zone. A broadcast can be paused, resumed or cancelled. Sending is paced to each messenger's limits.

## Report

Every recipient has a state: sent, delivered, read, failed or skipped — with the reason. Button clicks are counted. Recipients are taken from your broadcast package as they are actually sent.`,
    },
  },
  {
    id: "art-billing-balance",
    slug: "billing-balance",
    category: "billing",
    related: ["broadcasts-guide", "assistant-setup"],
    ru: {
      title: "Тарифы, баланс и оплата",
      summary: "Что входит в тариф, как списывается сверх него и что будет, если баланс закончится.",
      body: `Assistly работает по тарифу с оплатой за использование.

## Тариф

В каждый тариф входит месячный объём: ответы ИИ, входящие и исходящие сообщения, ассистенты, подключённые каналы, места операторов и получатели рассылок. Сравнить тарифы и выбрать подходящий можно на странице [«Тарифы»](app:/pricing); при оплате за год действует скидка.

## Баланс

Всё, что сверх тарифа, списывается с баланса по цене за единицу. Каждое движение — списание, пополнение, возврат, покупка пакета — видно в истории на странице [«Оплата и подписка»](app:/billing). Одно и то же использование никогда не списывается дважды.

## Когда заканчивается лимит

- При 80 % и 100 % лимита мы присылаем письмо и уведомление.
- Когда израсходованы и тариф, и баланс, ассистент перестаёт отвечать, а операторы видят баннер. Сообщения клиентов продолжают приходить.
- Пополните баланс или смените тариф — ассистент продолжит работу сразу.`,
    },
    en: {
      title: "Plans, balance and payment",
      summary: "What a plan includes, how usage beyond it is charged, and what happens when the balance runs out.",
      body: `Assistly is sold as a plan with pay-per-use on top.

## The plan

Every plan includes a monthly amount of AI replies, incoming and outgoing messages, assistants, connected channels, operator seats and broadcast recipients. Compare the plans on [Pricing](app:/pricing); yearly payment comes with a discount.

## The balance

Whatever goes beyond the plan is charged from the balance at the per-unit price. Every movement — a charge, a top-up, a refund, a package purchase — is listed on [Billing](app:/billing). The same usage is never charged twice.

## When the limit is reached

- At 80 % and 100 % of the limit we send an e-mail and an in-app notification.
- Once both the plan and the balance are used up, the assistant stops answering and operators see a banner. Customers' messages keep arriving.
- Top up or change the plan, and the assistant resumes at once.`,
    },
  },
];
