"""English: its stop words, question phrases and the wording of the kinds of value asked.

Every language module exposes the same names (:class:`knowledge_retrieval.lang.Language`); a
name a language has no use for is empty. Patterns are regular expressions matched without regard
to case; :data:`~.grammar.NUM` in one stands for a number.
"""

from __future__ import annotations

from .grammar import words

STOP_WORDS = words(
    """
        a an and are as at be been being
        but by can could did do does doing for
        from had has have having how i if in
        into is it its itself may me might must
        my of on or our ours shall should so
        such than that the their theirs them then there
        these they this those to was we were what
        when where which while who whom why will with
        would you your yours
    """
)
"""Words too common to count as keywords."""

STOP_CHARS: frozenset[str] = frozenset()
"""Single characters with no topic of their own (a script written without spaces)."""

QUESTION_WORDS: frozenset[str] = frozenset()
"""Question words dropped from a query's keywords (English ones are stop words)."""

QUESTION_MEASURE = ""
"""A question word and a measure word, as one word (none in English)."""

PARTICLES: frozenset[str] = frozenset()
"""Sentence particles that join no word (none in English)."""

INTERROGATIVES: frozenset[str] = frozenset()
"""Characters that make a word a question (none in English)."""

NEGATIONS: frozenset[str] = frozenset()
"""Characters that negate the character before them in an A-not-A question (none in English)."""

VERB_PARTICLES = frozenset(["out", "up", "in", "on", "off", "down", "back", "over"])
"""After a verb these make a phrasal verb whose noun is one word: times out / timeout, locked out
/ lockout, log in / login, set up / setup, cut off / cutoff, roll back / rollback."""

QUESTION_NOISE = words(
    """
        mean means meaning meant explain explained tell please know describe show find look
        get doc docs documentation question answer learn
    """
)
"""How a question is put (what does X mean, please explain): no topic; weighs a little."""
CONNECTIVES = frozenset(["vs", "versus", "via", "etc"])
"""Words that join the things asked about (consistency vs availability, logs via OTLP): no
topic of their own; like the question noise above, they weigh a little and are no keyword."""
HEDGES = words(
    """
        someone somebody anyone anybody everyone everybody something anything like just really
        actually basically maybe kinda
    """
)
"""What a spoken question adds (can someone pause it for like 6 months, can i just give it more
memory): no topic; weighed as question noise."""
NOISE = QUESTION_NOISE | CONNECTIVES | HEDGES
"""Words of a question that weigh a little and are no keyword."""
CLITIC_HOSTS = words("what where who how when why that there here")
"""Words "is" contracts onto ('s), which a typed question often writes without the apostrophe
(whats the wifi password, hows it going): the word and its s, no keyword of their own."""

QUESTION_PHRASES = {
    "how": frozenset(
        ["many", "much", "long", "often", "far", "soon", "old", "big", "large", "fast", "quickly"]
    )
}
"""After "how", these words make the question phrase ("how many times", "how long", "how fast"):
what is asked for, not a topic the answer must name."""

KIND_WORDS = {"percent": frozenset(["percent", "percentage", "percentages"])}
"""In a question asking for a kind of value, the word that says so (rollout percentages): what
is asked for, which a page writes as 5%."""

HOW_WORKS = r"^\s*how\s+(?:do|does|did|can|could|will|would|should)\b.*\b(works?)\W*$"
"""The "work" that ends "how do refunds work" (group 1): what is asked (how something goes), not
a topic the answer must name (a FAQ's "which test cards work in the sandbox")."""

VERSION = r"\b(?:v|version\s*|ver\.?\s*)(\d+(?:\.\d+)*)\b"
"""A version asked for (v2, version 3.1); the first group that matched is the version."""
MENTIONED_VERSION = r"\b(?:version|release|ver\.?)\s*\d+"
"""A version named in words (release 7), beside :data:`.grammar.MENTIONED_VERSION`."""
MENTIONED_DATE = ""
"""A date in words (none beyond :data:`.grammar.MENTIONED_DATE`)."""

LATEST = r"\b(latest|newest|most recent|current version)\b"
"""Asking for the newest document (matched with case)."""

OVERVIEW = r"\b(overview|table of contents|index|toc)\b"
"""Asking for an overview or a table of contents."""

_TEMPERATURE = r"°\s*+[CF]|℃|℉|degrees?|deg|(?<=_)[cfCF]\b"
_WEIGHT = r"kg|kgs|KG|kilos?|kilograms?|g|grams?|lbs?|pounds?|tonnes?|tons?|t"
_LENGTH = r"mm|cm|m|km|metres?|meters?|ft|feet|foot|in|inch(?:es)?|\"|″"
QUANTITIES: dict[str, tuple[tuple[str, ...], str]] = {
    # a quantity, the words that ask for it ("what temperature", "what does it weigh") and
    # the units a value of it is written in (a key's suffix too: caustic_temp_c: 80)
    "temperature": (("temperature", "temp"), _TEMPERATURE),
    "weight": (("weight", "weigh"), _WEIGHT),
    "voltage": (("voltage",), r"V|volts?|kV|mV|VAC|VDC|(?<=_)v\b"),
    "pressure": (("pressure",), r"bar|mbar|psi|kPa|MPa|Pa|atm|(?<=_)(?:bar|psi|kpa)\b"),
    "width": (("width",), _LENGTH),
    "length": (("length",), _LENGTH),
    "height": (("height", "elevation", "altitude"), _LENGTH),
    "depth": (("depth",), _LENGTH),
    "speed": (("speed",), r"km/h|kmh|kph|mph|knots?|kn|kts|m/s"),
    "power": (("horsepower", "wattage"), r"hp|bhp|HP|kW|kw|KW|W|watts?|kilowatts?"),
}
MEASURES: dict[str, str] = {w: units for ws, units in QUANTITIES.values() for w in ws}
"""Each word that asks for a quantity, and the quantity's units."""
MEASURE_NAMES: dict[str, str] = {w: q for q, (ws, _u) in QUANTITIES.items() for w in ws}
"""How a note names the quantity a word asks for ("the parts of it that match give no temperature")."""
MEASURED_HOW: dict[str, str] = {
    "heavy": "weight",
    "tall": "height",
    "wide": "width",
    "deep": "depth",
    "hot": "temperature",
    "cold": "temperature",
    "warm": "temperature",
}
""""How" and an adjective ask for a quantity ("how heavy is BIL-07"): the adjective and the word
of :data:`MEASURES` that names the quantity (not "how long", a duration first, nor "how high",
"how fast" or "how far", said of fees, refunds and notice as often)."""
MEASURED_HOW_ASK = rf"\bhow\s++({'|'.join(MEASURED_HOW)})\b"
"""Where an adjective of :data:`MEASURED_HOW` asks (its group)."""
MEASURED_OF = (
    rf"^\W*+(?:the\s++)?({'|'.join(sorted(MEASURES, key=len, reverse=True))})s?\s++(?:of|for)\b"
)
"""A question that is the quantity of a thing ("weight of the grivel crampons"; its group)."""
MEASURED_ASK = (
    r"\b(?:what|which|how much)(?:'s| is| are| does| do| did| was)?(?: the)?"
    r"(?: (?!(?:if|when|whether|happens)\b)[\w-]++){0,3}? "
)
"""A question word before the quantity it asks ("what is the maximum vehicle width", "what does
the BP-36V-14 battery weigh"): a value in one of the quantity's units answers it, not any number
(English counts things after "how many": :data:`COUNTED`)."""

_WHAT_THE = r"\b(?:what|which)(?:'s| is| are| was| were| will be)?(?: the)?(?: [\w-]+){0,3} "
""""What is the ..." up to three words before the thing whose value is asked (the booking
fee, the ILL desk's email)."""

_NOT_POSTAL = "".join(
    rf"(?<!\b{w} )"
    for w in (
        "change",
        "update",
        "my",
        "new",
        "of",
        "email",
        "e-mail",
        "web",
        "website",
        "ip",
        "mac",
    )
)
"""Words before "address" that make it no postal address asked: one changed, a proof of one,
a web, email or IP address."""

ASKED: dict[str, str] = {
    # a phone number asked: the number itself ("which phone number", "the hotline", "what is
    # the phone of the clinic"), not a phone as a thing ("add a new phone to the vpn") nor a
    # number to change ("update my phone number")
    "phone": (
        r"(?<!\bnew )(?<!\bchange )(?<!\bupdate )(?<!\badd )(?<!\bverify )(?<!\breset )"
        r"(?<!\bedit )(?<!\bregister )(?<!\bmy )\b(?:phone|telephone|mobile|cell|fax) (?:number\b|no\b|#)"
        r"|\bhotline\b|\bnumber to (?:call|dial)\b"
        # an extension asked ("phone ext for the on-call manager", "fleet manager ext?")
        r"|\b(?:(?:phone|desk|office) )?ext(?: number| no)?\.?(?=\s*+(?:\?|$|for\b|of\b))"
        r"|\b(?:phone|desk|office) extension\b|\bextension (?:number|no)\b"
        r"|\b(?:what|which)(?:'s| is| are)?(?: the)?(?: [\w-]+){0,2} (?:phone|telephone)s?\b(?! \w)"
        r"|\b(?:phone|telephone) (?:of|for)\b"
        # a question that is a noun phrase ending in the phone names its number ("on-call
        # phone"), unless the phone is a thing someone has ("my phone", "a new phone")
        r"|(?<!\bmy )(?<!\bnew )(?<!\ba )(?<!\bthe )(?<!\bon )(?<!\bby )\b(?:phone|telephone|mobile|cell)\s*\??\s*$"
    ),
    # a postal address asked (the firm's address, "wharf postcode"), not an address changed
    # ("can I change my address"), nor a proof of one, nor a web, email or IP address
    "address": (
        rf"\b(?:(?:postal |street |delivery |return |site )?{_NOT_POSTAL}address|post ?code"
        r"|zip(?: code)?)(?=\s*+(?:\?|$|for\b|of\b|is\b|please\b))"
        rf"|\b(?:what|which)(?:'s| is| are)?(?: the)?(?: [\w'-]+){{0,3}} {_NOT_POSTAL}"
        r"(?:address|post ?code)\b"
    ),
    "version": (r"\b(?:which|what|minimum|min|oldest|lowest|required)(?: \w+)? versions?\b"),
    "range": (
        r"\b(?:allowed|valid|value) range\b|\brange (?:of|for|can)\b|\bwhat range\b"
        r"|\b(?:max(?:imum)?|min(?:imum)?) (?:allowed )?values?\b"
        r"|\b(?:maximum|minimum) (?:of|for)\b"
    ),
    "percent": (
        r"\b(?:what|which|how much|how many)\s+(?:percentage|percent)\b"
        r"|\bpercentages?\b(?!\s+of\b)"
    ),
    "usd": r"\b(?:in|how many)\s+(?:usd|us\$|us dollars?|dollars?)\b",
    "eur": r"\b(?:in|how many)\s+(?:eur|euros?)\b",
    "cny": r"\b(?:in|how many)\s+(?:cny|rmb|yuan|renminbi)\b",
    "twd": r"\b(?:in|how many)\s+(?:twd|nt\$|nt dollars?)\b",
    "frequency": r"\bhow (?:often|frequently)\b|\b(?:what|which) (?:frequency|interval)\b",
    "duration": (
        r"\bhow long\b|\bhow many (?:milli)?(?:seconds|minutes|hours|days|weeks|months|years)\b"
        r"|\bhow old\b"  # an age is a duration: "6 years old", "older than 90 days"
    ),
    "year": r"\bwhat year\b|\bwhich year\b",
    "date": (
        r"^\s*when (?:was|were|did)\b|\bwhat date\b|\bwhich date\b"
        r"|\bsince when\b"
    ),
    # an amount of money: how much a fee, a fine or a deposit is (not "how much data")
    "money": (
        r"\bhow much\b(?=.*\b(?:costs?|charged?|charges|pay|paid|fees?|prices?|fines?"
        r"|deposits?|allowances?|bonds?|refunds?|rent|salary|wages?)\b)"
        rf"|{_WHAT_THE}(?:fee|fees|cost|price|charge|fine|deposit|allowance|bond)\b"
        # what does it cost: the verb of price ends the question
        r"|\bwhat (?:does|do|did|will|would)\b.{1,80}?\bcosts?\s*+\??\s*+$"
    ),
    "clock": r"\bwhat time\b|\bwhat hours\b|\b(?:opening|office|business|visiting) hours\b",
    # a web or email address asked for, not a link or an email as a topic
    "link": (
        r"\b(?:url|web address|website address|email address|e-mail address)\b"
        # not "site": "which site is STR-C11 on" asks for a place
        rf"|{_WHAT_THE}(?:link|website|email|e-mail)\b"
        # an email of someone ("email for the rangers", "pacific farebox email"), as a phone
        r"|\be-?mail (?:for|of)\b"
        r"|(?<!\bmy )(?<!\bnew )(?<!\ban )(?<!\bthe )(?<!\bby )\be-?mail\s*+\??\s*+$"
    ),
    # a code or password asked (the gate code, "studio pc password"), not one as a topic
    # ("password expiry", "what does alarm code G03 mean")
    "secret": (
        r"^(?!.*\b(?:reset|change|changed|update|forgot|forget|lost|recover|set ?up|rotate"
        r"|expire|expiry|length|policy|rules?)\b)"  # a password as a topic: no ask
        r".*?\b(?:(?:gate|door|keypad|key ?safe|lock ?box|lock|alarm|wi-?fi|access|entry|safe"
        r"|padlock)\s+(?:code|pin)|passwords?|passcodes?|combination(?: code)?"
        r"|pin(?: code| number)?)\b"
        r"(?=\s*+(?:\?|$|for\b|at\b|of\b|on\b|in\b|to\b))"
    ),
    # an account to pay into (the bank account number, the sort code), not its format
    "account": (
        r"^(?!.*\b(?:format|digits|how many|length|open|close|change|reset)\b)"
        r".*?\b(?:(?:bank|account|acct) (?:number|no)|sort code|iban|bsb|bpay(?: biller)?(?: code)?)\b"
    ),
    # the make of a thing (what brand, which model, who makes), not a brand as a topic
    "brand": (
        r"\b(?:what|which)(?:'s| is| are)?(?: the)? (?:brand|make|model)\b|\bmake and model\b"
        r"|\bwho (?:makes|made|manufactures|manufactured)\b|\bwhich manufacturer\b"
    ),
    # the firm that does something (which supplier, which bank)
    "company": (
        r"\bwhich (?:supplier|vendor|company|firm|bank|insurer|contractor|courier|carrier"
        r"|laundry|provider)\b|\bwho (?:supplies|supplied|insures|insured)\b"
    ),
    "number": (
        r"\bhow (?:many|much)\b|\bnumber of\b"
        # a quantity of a unit: its value is a number ("what is the max working pressure")
        rf"|{MEASURED_ASK}(?:{'|'.join(MEASURES)})s?\b"
        rf"|{MEASURED_HOW_ASK}|{MEASURED_OF}"
    ),
}
"""The wording of a question that asks for a value of a kind (how long: a duration)."""

VALUES: dict[str, str] = {
    "duration": (
        r"\b(?:immediately|instantly|never expires?|forever|indefinitely|permanent(?:ly)?)\b"
    ),
    "frequency": (
        r"\b(?:every|each|per|once|twice|times)\s++(?:a\s++|an\s++|\d++\s*+|other\s++)?"
        r"(?:seconds?|minutes?|hours?|days?|nights?|weeks?|months?|quarters?|years?|sprints?"
        r"|releases?|shifts?|runs?)\b"
        r"|\b(?:hourly|daily|nightly|weekly|fortnightly|biweekly|monthly|quarterly|yearly"
        r"|annually|semi-annually)\b"
    ),
    "percent": r"\bper ?cent\b",
    "usd": r"\bdollars?\b",
    "eur": r"\beuros?\b",
    "cny": r"\byuan\b",
    "date": (
        r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*+\.? \d"
        r"|\b(?:since|until|from) (?:v|version )\d"
    ),
    "version": r"\bversion \d",
    "phone": r"\bext\.?\s*\d{2,}|\bx\d{3,}\b",
    # a postal address as written: a number and a street ("12 Canal Side Road", "Unit 4"), a
    # British or Irish postcode, a PO box, or a line labelled as the address
    "address": (
        r"(?<![\w.-])\d{1,5}[a-z]?,?\s++(?:[\w'.-]++\s++){0,4}?(?:road|rd|street|st|lane|ln|avenue"
        r"|ave|way|drive|dr|close|place|pl|court|ct|crescent|terrace|boulevard|blvd|parade|row"
        r"|wharf|quay|highway|hwy|square|sq|gardens|hill|park)\b"
        r"|\b(?:unit|suite|po box|p\.o\. box)\s++\d"
        r"|(?-i:\b[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}\b|\b[A-Z]{2,3}\s\d{4,5}\b)"
        r"|\b(?:address|postcode|post code|zip)\s*+[:：|]\s*+\S"
        # a network address: a host and port, an IP address, localhost
        r"|(?<![\w.-])(?:\d{1,3}+(?:\.\d{1,3}+){3}+(?::\d{2,5}+)?|localhost(?::\d{2,5}+)?"
        r"|[a-z][\w-]*+(?:\.[\w-]++)*+:\d{2,5}+)(?![\w.-])"
    ),
    "money": (
        r"\b(?:dollars?|cents?|bucks|pounds?|euros?|yuan|free|free of charge|no charge|no fee"
        r"|waived)\b"
        # an amount written after what it is ("Fee: 25", "deposit of 200")
        r"|\b(?:fees?|costs?|prices?|charges?|fines?|deposits?|allowances?|bonds?)\b[^.\n\d]{0,20}\d"
    ),
    "clock": r"\b(?:noon|midday|midnight|o'clock)\b|(?<![\d.])(?:[01]?\d|2[0-3])[0-5]\d\s?hrs?\b",
    "range": (
        r"\b(?:min(?:imum)?|max(?:imum)?|at (?:most|least)|up to|between|no more than|"
        r"not more than|less than|greater than)\b"
    ),  # a code as written: digits, or a token after a colon ("code: 4821#", "PIN 0712")
    "secret": r"(?<![\w.-])\d{3,}|[:=]\s*+[A-Za-z0-9#*!@$%&]{4,}",
    # a make as written: its word, a trade mark, or a model number (KM-515, FTXM35)
    "brand": (
        r"\b(?:brand|make|model|manufacturer|made by|manufactured by)\b|[®™]"
        r"|(?-i:\b[A-Z]{1,5}-?\d{2,}+[A-Z0-9-]*+\b)"
    ),
    # a firm as written: a legal form, or a name of two capitalised words inside a sentence
    "company": (
        r"\b(?:Ltd|Limited|Inc|LLC|Pty|GmbH|Corp|plc|Co)\b|&\s*+(?:Sons|Co)\b"
        r"|(?-i:(?<=\w[ ,])[A-Z][a-z]++ [A-Z][a-z]++)|\b(?:supplier|vendor|contractor|bank|insurer)\b"
    ),
}
"""Words that give a value of a kind (daily: a frequency; per cent: a percentage)."""

NUMERALS = ""
"""A number in the language's own numerals (none: English writes digits)."""

NUMBER_WORDS = (
    r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|"
    r"thirty|forty|fifty|sixty|hundred|thousand|million|dozen|once|twice|single|half)\b"
)
"""A number spelled as a word: a number, and with a unit a duration (not a range's end)."""

ARTICLES = r"\ban?\s++"
"""A word that counts one before a unit (a day, an hour)."""

COUNTERS = ""
"""A measure word between a number and its unit (none in English)."""

SECOND_ASK = (
    r"(?:[,;?]|\band\b)\s*+(?:(?:and|also|then|plus)\s++)?"
    r"(?=(?:what|which|who|when|where|why|how)\b)"
)
"""Where a question's second ask starts ("what is SR-08 and how long is that slot"): the kind
of value it asks is the second part's; a page that answers the first is no wrong answer."""
FIRST_ASK = r"\b(?:what|which|who|when|where|why|how|is|are|does|do|can)\b"
"""A first part that asks something of its own."""

FULL_STOP = ""

COUNTED = (
    r"\bhow many\s++(?:more\s++)?(?!times?\b)([A-Za-z][\w-]*+(?:\s++[A-Za-z][\w-]*+)?)"
    r"|\bnumber of\s++(?!times?\b)([A-Za-z][\w-]*+(?:\s++[A-Za-z][\w-]*+)?)"
)
"""A question that counts things, the words after its counting word in a group ("how many wing
walkers", "number of beds"): a number of them answers it, not any number. "How many times"
counts no thing ("reworked up to 2 times", "rework limit: 2")."""

UNITS = (
    r"ms|s|sec|secs|seconds?|m|min|mins|minutes?|h|hr|hrs|hours?|d|days?|w|weeks?|"
    r"months?|y|yrs?|years?|business days?|working days?"
)
"""Units of time after a number (30 s, 2 business days)."""

TIME_WORDS = (
    r"(?:milli)?(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)|secs?|mins?|hrs?|ttl|"
    r"(?<![a-z])ms(?![a-z])"
)
"""A unit or measure of time named anywhere, in words or in a key (``payment.timeout.seconds``,
``ttlHours``)."""

RANGE_WORDS = "to|and"
"""Words between the ends of a range of numbers (5 to 10)."""

VALUE_NAMES = {
    "phone": "phone number",
    "address": "address",
    "version": "version number",
    "percent": "percentage",
    "usd": "amount in US dollars",
    "eur": "amount in euros",
    "cny": "amount in yuan",
    "twd": "amount in New Taiwan dollars",
    "money": "amount of money",
    "clock": "time of day",
    "link": "web or email address",
    "secret": "code or password",
    "account": "account number",
    "brand": "make or model",
    "company": "company name",
}
"""A kind of value as a note names it, where its name is not the kind itself."""

ROLES: dict[str, str] = {
    "FAQ": r"\bfaq\b",
    "glossary": r"glossar|\bterms?\b|terminolog|abbreviation",
    "API spec": r"\bapi\b|endpoint|openapi|swagger",
    "configuration reference": r"\bconfig|setting|configuration",
    "status and enum reference": r"status|enum|code",
    "business rules": r"\brules?\b|polic",
    "architecture note": r"architect|design",
    "troubleshooting note": r"troubleshoot|error|incident",
    "manual": r"guide|manual|tutorial|how-?to",
}
"""A file's role -> the words of its path, title or tags that name it (lowercase)."""

GENERIC_QUESTIONS: tuple[str, ...] = (
    "how do I configure this",
    "what does this error mean",
    "how long does it take",
    "who should I contact about this",
    "what is the default value",
    "why does the job keep failing",
    "how many days are allowed",
    "where can I find the policy",
    "what happens when the request times out",
    "is there a limit on the number of items",
    "how do I reset it",
    "what is the difference between the two",
)
"""Questions about nothing in particular: their mean vector is what every question of the
language has in common (the semantic layer subtracts it)."""

PROCEDURE_WORDS = r"procedure|runbook|\bsops?\b|how-?tos?\b|playbook|step[- ]by[- ]step|\bsteps\b"
"""Words saying a KB holds procedures (not explanations of what a thing means)."""

README_HEADINGS = (
    r"layout|structure|folders?|files?|rules?|search(?:ing)?(?: rules)?|keywords?|"
    r"languages?|overview|introduction|about|contents?|table of contents|index|scope|notes?|"
    r"conventions?|readme|how to search|what(?:'s| is) here"
)
"""README headings about the README itself, not about what the KB covers."""

TOPICS: dict[str, str] = {
    "api": "api|apis",
    "configuration": "configuration|config|configure|settings",
    "error_code": "error code|error codes",
    "error": "error|errors",
    "install": "install|installation",
    "deploy": "deploy|deployment",
    "upgrade": "upgrade|upgrading",
    "migration": "migration|migrate",
    "security": "security",
    "performance": "performance|tuning",
    "faq": "faq",
    "troubleshooting": "troubleshooting|troubleshoot",
    "billing": "billing|invoice|invoices",
    "permission": "permission|permissions",
    "backup": "backup",
    "monitoring": "monitoring",
    "log": "log|logs|logging",
    "command": "command|commands|cli",
    "glossary": "glossary|term|terms",
    "tutorial": "tutorial|tutorials",
    "network": "network|networking",
    "storage": "storage",
    "authentication": "authentication|auth|login",
    "payment": "payment|payments",
    "refund": "refund|refunds",
    "order": "order|orders",
    "release_notes": "release notes|release note|changelog",
    "compatibility": "compatibility",
    "function": "function|functions",
    "data_type": "data type|data types",
}
"""A topic -> its words, for README conditions ("questions about the API"): a topic's words in
every language are twins, so a route for "API" is taken by "接口怎么调用"."""
