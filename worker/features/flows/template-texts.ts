/**
 * The texts of the built-in flow templates (templates.ts) in each interface language: the graphs
 * are defined once there, these tables only fill in names, messages, buttons, keywords and the
 * labels of the custom fields a template creates. Placeholders ({{name}}, {{phone}}, …) are field
 * keys and stay as they are. Keyword triggers are words a customer of that language would write.
 */
export const TEMPLATE_LANGUAGES = ["ru", "en", "ar", "fr"] as const;
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];

interface Named {
  name: string;
  text: string;
}
interface Asked extends Named {
  error: string;
}
interface About {
  name: string;
  description: string;
}

export interface TemplateTexts {
  start: string;
  end: string;
  fieldPhone: string;
  fieldEmail: string;
  fieldDescription: string;
  blank: About;
  greeting_menu: About & {
    keywords: string[];
    menu: Named & { prices: string; address: string; operator: string };
    prices: Named;
    address: Named;
    handoff: string;
    handoffNote: Named;
  };
  lead_capture: About & {
    keywords: string[];
    fieldLeadName: string;
    askName: Asked;
    askPhone: Asked;
    askEmail: Asked;
    thanks: Named;
    handoff: string;
  };
  booking_request: About & {
    keywords: string[];
    fieldDate: string;
    fieldTime: string;
    askDate: Asked;
    askTime: Asked & { morning: string; day: string; evening: string };
    askPhone: Asked;
    confirm: Named;
    handoff: string;
  };
}

const ru: TemplateTexts = {
  start: "Старт",
  end: "Конец",
  fieldPhone: "Телефон",
  fieldEmail: "E-mail",
  fieldDescription: "Создано шаблоном сценария",
  blank: { name: "Пустой сценарий", description: "Только «Старт» и «Конец»: соберите сценарий с нуля между ними." },
  greeting_menu: {
    name: "Приветствие с меню",
    description: "Приветствует нового клиента и предлагает кнопки: цены, адрес и часы, связь с менеджером.",
    keywords: ["меню", "/start"],
    menu: {
      name: "Приветствие и меню",
      text: "Здравствуйте, {{name}}! Я помогу сориентироваться. Выберите, что вас интересует:",
      prices: "Цены",
      address: "Адрес и часы работы",
      operator: "Связаться с менеджером",
    },
    prices: { name: "Цены", text: "Актуальные цены — в нашем каталоге. Напишите, что вы ищете, и мы подберём вариант." },
    address: { name: "Адрес и часы", text: "Мы работаем ежедневно с 10:00 до 20:00. Адрес и схема проезда — на сайте." },
    handoff: "Передать менеджеру",
    handoffNote: { name: "Менеджер скоро ответит", text: "Передал ваш вопрос менеджеру — он ответит здесь в ближайшее время." },
  },
  lead_capture: {
    name: "Сбор заявки",
    description: "Спрашивает имя, телефон и e-mail, сохраняет их в поля клиента и передаёт диалог менеджеру.",
    keywords: ["заявка", "оставить заявку"],
    fieldLeadName: "Имя из заявки",
    askName: { name: "Имя", text: "Оставьте заявку — менеджер свяжется с вами. Как к вам обращаться?", error: "Напишите, пожалуйста, ваше имя." },
    askPhone: {
      name: "Телефон",
      text: "Спасибо, {{lead_name}}! Ваш номер телефона?",
      error: "Не получилось разобрать номер. Напишите его с кодом страны, например +7 912 345-67-89.",
    },
    askEmail: { name: "E-mail", text: "И e-mail, чтобы прислать предложение:", error: "Похоже, в адресе опечатка. Пример: name@example.ru" },
    thanks: { name: "Спасибо", text: "Заявка принята: {{lead_name}}, {{phone}}, {{email}}. Менеджер свяжется с вами в рабочее время." },
    handoff: "Передать менеджеру",
  },
  booking_request: {
    name: "Запись на приём",
    description: "Спрашивает дату, удобное время и телефон, подтверждает запись и передаёт её администратору.",
    keywords: ["записаться", "запись", "бронь"],
    fieldDate: "Дата записи",
    fieldTime: "Время записи",
    askDate: { name: "Дата", text: "На какую дату вас записать? Например, 15.12.2026.", error: "Напишите дату в виде ДД.ММ.ГГГГ." },
    askTime: {
      name: "Время",
      text: "Какое время удобно?",
      morning: "Утро (10–13)",
      day: "День (13–17)",
      evening: "Вечер (17–20)",
      error: "Выберите один из вариантов.",
    },
    askPhone: { name: "Телефон", text: "Оставьте телефон для подтверждения записи:", error: "Не получилось разобрать номер. Пример: +7 912 345-67-89." },
    confirm: { name: "Подтверждение", text: "Записали вас на {{booking_date}}, {{booking_time}}. Администратор подтвердит запись по телефону {{phone}}." },
    handoff: "Передать администратору",
  },
};

const en: TemplateTexts = {
  start: "Start",
  end: "End",
  fieldPhone: "Phone",
  fieldEmail: "E-mail",
  fieldDescription: "Created by a flow template",
  blank: { name: "Blank flow", description: "Only “Start” and “End”: build your flow from scratch between them." },
  greeting_menu: {
    name: "Greeting menu",
    description: "Greets a new customer and offers buttons: prices, address and opening hours, contacting a manager.",
    keywords: ["menu", "/start"],
    menu: {
      name: "Greeting and menu",
      text: "Hello, {{name}}! I'll help you find your way around. Choose what you're interested in:",
      prices: "Prices",
      address: "Address and opening hours",
      operator: "Contact a manager",
    },
    prices: { name: "Prices", text: "Our current prices are in the catalogue. Tell us what you're looking for and we'll find the right option." },
    address: { name: "Address and hours", text: "We're open every day from 10:00 to 20:00. The address and directions are on our website." },
    handoff: "Hand over to a manager",
    handoffNote: { name: "A manager will reply soon", text: "I've passed your question to a manager, who will reply here shortly." },
  },
  lead_capture: {
    name: "Lead capture",
    description: "Asks for a name, phone number and e-mail, saves them to the customer's fields and hands the conversation to a manager.",
    keywords: ["request", "quote", "call back"],
    fieldLeadName: "Name from the request",
    askName: { name: "Name", text: "Leave a request and a manager will get in touch. What's your name?", error: "Please write your name." },
    askPhone: {
      name: "Phone",
      text: "Thank you, {{lead_name}}! What's your phone number?",
      error: "I couldn't read that number. Please write it with the country code, for example +44 20 7946 0958.",
    },
    askEmail: { name: "E-mail", text: "And your e-mail, so we can send you an offer:", error: "The address seems to have a typo. Example: name@example.com" },
    thanks: { name: "Thank you", text: "Request received: {{lead_name}}, {{phone}}, {{email}}. A manager will contact you during business hours." },
    handoff: "Hand over to a manager",
  },
  booking_request: {
    name: "Booking request",
    description: "Asks for the date, a convenient time and a phone number, confirms the booking and hands it to an administrator.",
    keywords: ["booking", "appointment", "reserve"],
    fieldDate: "Booking date",
    fieldTime: "Booking time",
    askDate: { name: "Date", text: "Which date would you like to book? For example, 15.12.2026 (day.month.year).", error: "Please write the date as DD.MM.YYYY." },
    askTime: {
      name: "Time",
      text: "What time suits you?",
      morning: "Morning (10–13)",
      day: "Afternoon (13–17)",
      evening: "Evening (17–20)",
      error: "Please choose one of the options.",
    },
    askPhone: { name: "Phone", text: "Leave your phone number to confirm the booking:", error: "I couldn't read that number. Example: +44 20 7946 0958." },
    confirm: { name: "Confirmation", text: "You're booked for {{booking_date}}, {{booking_time}}. An administrator will confirm by phone at {{phone}}." },
    handoff: "Hand over to an administrator",
  },
};

const ar: TemplateTexts = {
  start: "البداية",
  end: "النهاية",
  fieldPhone: "الهاتف",
  fieldEmail: "البريد الإلكتروني",
  fieldDescription: "أنشأه قالب سيناريو",
  blank: { name: "سيناريو فارغ", description: "خطوتا «البداية» و«النهاية» فقط: ابنِ السيناريو بينهما من الصفر." },
  greeting_menu: {
    name: "قائمة ترحيب",
    description: "يرحّب بالعميل الجديد ويعرض أزرارًا: الأسعار، والعنوان وساعات العمل، والتواصل مع المدير.",
    keywords: ["القائمة", "قائمة", "/start"],
    menu: {
      name: "الترحيب والقائمة",
      text: "مرحبًا {{name}}! سأساعدك في الوصول إلى ما تبحث عنه. اختر ما يهمّك:",
      prices: "الأسعار",
      address: "العنوان وساعات العمل",
      operator: "التواصل مع المدير",
    },
    prices: { name: "الأسعار", text: "الأسعار الحالية موجودة في الكتالوج. اكتب لنا ما تبحث عنه وسنقترح عليك الخيار المناسب." },
    address: { name: "العنوان والساعات", text: "نعمل يوميًا من الساعة 10:00 حتى 20:00. تجد العنوان وطريقة الوصول على موقعنا." },
    handoff: "التحويل إلى المدير",
    handoffNote: { name: "سيرد المدير قريبًا", text: "أحلتُ سؤالك إلى المدير، وسيرد عليك هنا في أقرب وقت." },
  },
  lead_capture: {
    name: "جمع عميل محتمل",
    description: "يسأل عن الاسم والهاتف والبريد الإلكتروني، ويحفظها في حقول العميل، ثم يحوّل المحادثة إلى المدير.",
    keywords: ["طلب", "اتصلوا بي"],
    fieldLeadName: "الاسم في الطلب",
    askName: { name: "الاسم", text: "اترك طلبك وسيتواصل معك المدير. بماذا نناديك؟", error: "اكتب اسمك من فضلك." },
    askPhone: {
      name: "الهاتف",
      text: "شكرًا، {{lead_name}}! ما رقم هاتفك؟",
      error: "لم نتمكن من قراءة الرقم. اكتبه مع رمز الدولة، مثل +971 50 123 4567.",
    },
    askEmail: { name: "البريد الإلكتروني", text: "وبريدك الإلكتروني لنرسل إليك العرض:", error: "يبدو أن في العنوان خطأً مطبعيًا. مثال: name@example.com" },
    thanks: { name: "شكرًا", text: "استلمنا طلبك: {{lead_name}}، {{phone}}، {{email}}. سيتواصل معك المدير خلال ساعات العمل." },
    handoff: "التحويل إلى المدير",
  },
  booking_request: {
    name: "طلب حجز",
    description: "يسأل عن التاريخ والوقت المناسب ورقم الهاتف، ثم يؤكد الحجز ويحوّله إلى المسؤول.",
    keywords: ["حجز", "موعد", "احجز"],
    fieldDate: "تاريخ الحجز",
    fieldTime: "وقت الحجز",
    askDate: { name: "التاريخ", text: "في أي تاريخ تريد الحجز؟ مثلًا 15.12.2026.", error: "اكتب التاريخ بصيغة يوم.شهر.سنة، مثل 15.12.2026." },
    askTime: {
      name: "الوقت",
      text: "ما الوقت المناسب لك؟",
      morning: "صباحًا (10–13)",
      day: "ظهرًا (13–17)",
      evening: "مساءً (17–20)",
      error: "اختر أحد الخيارات.",
    },
    askPhone: { name: "الهاتف", text: "اترك رقم هاتفك لتأكيد الحجز:", error: "لم نتمكن من قراءة الرقم. مثال: +971 50 123 4567." },
    confirm: { name: "التأكيد", text: "سجّلنا حجزك في {{booking_date}}، {{booking_time}}. سيؤكد المسؤول الحجز على الرقم {{phone}}." },
    handoff: "التحويل إلى المسؤول",
  },
};

const fr: TemplateTexts = {
  start: "Début",
  end: "Fin",
  fieldPhone: "Téléphone",
  fieldEmail: "E-mail",
  fieldDescription: "Créé par un modèle de scénario",
  blank: { name: "Scénario vierge", description: "Seulement « Début » et « Fin » : construisez votre scénario de zéro entre les deux." },
  greeting_menu: {
    name: "Menu d'accueil",
    description: "Accueille un nouveau client et propose des boutons : tarifs, adresse et horaires, contact avec un conseiller.",
    keywords: ["menu", "/start"],
    menu: {
      name: "Accueil et menu",
      text: "Bonjour {{name}} ! Je vais vous aider à vous orienter. Choisissez ce qui vous intéresse :",
      prices: "Tarifs",
      address: "Adresse et horaires",
      operator: "Contacter un conseiller",
    },
    prices: { name: "Tarifs", text: "Nos tarifs à jour sont dans notre catalogue. Dites-nous ce que vous cherchez et nous vous proposerons l'option qui convient." },
    address: { name: "Adresse et horaires", text: "Nous sommes ouverts tous les jours de 10 h à 20 h. L'adresse et l'itinéraire sont sur notre site." },
    handoff: "Transférer à un conseiller",
    handoffNote: { name: "Un conseiller va répondre", text: "J'ai transmis votre question à un conseiller : il vous répondra ici très bientôt." },
  },
  lead_capture: {
    name: "Collecte de prospect",
    description: "Demande le nom, le téléphone et l'e-mail, les enregistre dans les champs du client et transmet la conversation à un conseiller.",
    keywords: ["demande", "devis", "rappel"],
    fieldLeadName: "Nom de la demande",
    askName: { name: "Nom", text: "Laissez votre demande, un conseiller vous recontactera. Comment vous appelez-vous ?", error: "Indiquez votre nom, s'il vous plaît." },
    askPhone: {
      name: "Téléphone",
      text: "Merci, {{lead_name}} ! Quel est votre numéro de téléphone ?",
      error: "Nous n'avons pas pu lire ce numéro. Écrivez-le avec l'indicatif du pays, par exemple +33 6 12 34 56 78.",
    },
    askEmail: { name: "E-mail", text: "Et votre e-mail, pour vous envoyer une offre :", error: "L'adresse semble contenir une faute de frappe. Exemple : nom@example.fr" },
    thanks: { name: "Merci", text: "Demande reçue : {{lead_name}}, {{phone}}, {{email}}. Un conseiller vous contactera pendant nos heures d'ouverture." },
    handoff: "Transférer à un conseiller",
  },
  booking_request: {
    name: "Demande de réservation",
    description: "Demande la date, l'horaire qui convient et le téléphone, confirme le rendez-vous et le transmet à l'administrateur.",
    keywords: ["rendez-vous", "réserver", "réservation"],
    fieldDate: "Date du rendez-vous",
    fieldTime: "Heure du rendez-vous",
    askDate: { name: "Date", text: "Pour quelle date souhaitez-vous un rendez-vous ? Par exemple 15.12.2026.", error: "Écrivez la date au format JJ.MM.AAAA." },
    askTime: {
      name: "Horaire",
      text: "Quel horaire vous convient ?",
      morning: "Matin (10 h–13 h)",
      day: "Après-midi (13 h–17 h)",
      evening: "Soir (17 h–20 h)",
      error: "Choisissez l'une des options.",
    },
    askPhone: { name: "Téléphone", text: "Laissez votre téléphone pour confirmer le rendez-vous :", error: "Nous n'avons pas pu lire ce numéro. Exemple : +33 6 12 34 56 78." },
    confirm: { name: "Confirmation", text: "Votre rendez-vous est noté le {{booking_date}}, {{booking_time}}. L'administrateur le confirmera au {{phone}}." },
    handoff: "Transférer à l'administrateur",
  },
};

export const TEMPLATE_TEXTS: Record<TemplateLanguage, TemplateTexts> = { ru, en, ar, fr };
