// What the pages (netsnap.js) and the wall (sites.js) share: the page's words and number and
// date formats, how an age reads, how a value from a snapshot is cleaned before it is written
// as text, and the refresh loop that fetches a JSON document every data-refresh seconds.
// Loaded before either, as window.netsnapLive.
(function () {
  "use strict";

  var root = document.documentElement;

  // The page's language, from <meta name="netsnap-words"> (ScriptWords.swift; after the
  // charset, which must stay in the page's first 1024 bytes): its messages, plural forms and
  // Intl locale. A page without it (the POSIX locale, or a user's own template) speaks the
  // English below with netsnap's fixed number and date forms.
  var ENGLISH = {
    locale: null,
    hourCycle: null,
    plural: null,
    say: {
      staleForAge: "Stale \u00b7 {age}", staleForAgeSince: "Stale \u00b7 {age} \u2014 since {date}",
      staleSince: "Stale since {date}", staleOnDay: "Stale \u00b7 {day}", clockAheadByAge: "Clock ahead \u00b7 {age}",
      clockAheadByAgeDated: "Clock ahead \u00b7 {age} \u2014 dated {date}", clockAheadDated: "Clock ahead dated {date}",
      clockAheadOnDay: "Clock ahead \u00b7 {day}", maintenanceOfEverything: "Maintenance of the whole network",
      maintenanceOf: "Maintenance: {targets}", milliseconds: "{value} ms", decibelMilliwatts: "{value} dBm",
      megabitsPerSecond: "{value} Mb/s", gigabitsPerSecond: "{value} Gb/s", loss: "{value} % loss", jitter: "{value} jitter",
      wifi: "Wi-Fi", ethernet: "Ethernet", cellular: "Cellular", noNetwork: "No network", siteOnline: "online",
      siteDegraded: "degraded", siteOffline: "offline", siteStale: "stale", siteUnknown: "unknown", siteLost: "lost",
      siteInvalid: "invalid", signalBars: "Signal: {bars} of {total} bars", noSignalReading: "No signal reading",
      sparklineCaption: "Last {hours} h: {range}", underAMinute: "under 1 min", copied: "Copied",
      selectedPressToCopy: "Selected: press Ctrl+C or \u2318C", ageAgo: "{age} ago", noSnapshot: "no snapshot",
      siteCounts: "{up}/{targets} targets up \u00b7 {active}/{devices} devices active", wallUpdated: "updated {time}",
      separator: " \u00b7 ", listSeparator: ", ", maintenanceWithNotes: "{maintenance} \u2014 {notes}", noteSeparator: "; "
    },
    count: {
      seconds: ["{count} s", "{count} s"], minutes: ["{count} min", "{count} min"], hours: ["{count} h", "{count} h"],
      days: ["{count} day", "{count} days"], sitesOK: ["{healthy} of {count} site OK", "{healthy} of {count} sites OK"],
      andMore: ["and {count} more", "and {count} more"],
      sparklineLabel: ["{title}, last {count} hour: from {low} to {high}", "{title}, last {count} hours: from {low} to {high}"]
    },
    words: {}
  };

  function readWords() {
    try {
      var meta = document.querySelector('meta[name="netsnap-words"]');
      var given = JSON.parse(meta ? meta.getAttribute("content") : "null");
      return given && typeof given === "object" ? given : ENGLISH;
    } catch (error) {
      return ENGLISH;
    }
  }

  var WORDS = readWords();
  var locale = typeof WORDS.locale === "string" ? WORDS.locale : null;
  var MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

  // Control characters from a snapshot (a NUL in a device name) show as U+FFFD, as the
  // server-rendered page shows them.
  var controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/g;

  function clean(value) {
    return String(value).replace(controlCharacters, "\uFFFD");
  }

  // Each {name} of `text` replaced by values[name]; a name without one stays as it is.
  function fill(text, values) {
    return String(text).replace(/\{(\w+)\}/g, function (whole, name) {
      return values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
    });
  }

  function say(key, values) {
    var own = WORDS.say && WORDS.say[key];
    return fill(typeof own === "string" ? own : ENGLISH.say[key] || key, values);
  }

  // The form the language's plural rule gives `n`, as the server's: a gettext rule depends
  // on no more than n % 100 past the table's 200 counts.
  function pluralForm(n) {
    var table = typeof WORDS.plural === "string" ? WORDS.plural : null;
    if (!table) {
      return n === 1 ? 0 : 1;
    }
    var index = n < table.length ? n : 100 + (n % 100);
    return Number(table.charAt(index)) || 0;
  }

  // `key`'s form for `n`, with {count} in the page's digits and the other `values`.
  function count(key, n, values) {
    var forms = (WORDS.count && WORDS.count[key]) || ENGLISH.count[key] || [key];
    var filled = { count: integer(n) };
    Object.keys(values || {}).forEach(function (name) {
      filled[name] = values[name];
    });
    return fill(forms[Math.min(pluralForm(n), forms.length - 1)], filled);
  }

  // The same rules as Wording+Formats.swift: the locale's forms through Intl, the POSIX
  // locale's fixed ones without.
  function integer(n) {
    return locale ? new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(n) : String(Math.round(n));
  }

  function decimal(value, digits) {
    if (locale) {
      return new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
    }
    var scale = Math.pow(10, digits);
    var scaled = Math.round(Math.abs(value) * scale);
    var fraction = String(scaled % scale);
    while (fraction.length < digits) {
      fraction = "0" + fraction;
    }
    var whole = Math.floor(scaled / scale);
    return (value < 0 && scaled ? "-" : "") + whole + (digits > 0 ? "." + fraction : "");
  }

  function percent(value, digits) {
    if (locale) {
      return new Intl.NumberFormat(locale, { style: "percent", minimumFractionDigits: digits, maximumFractionDigits: digits })
        .format(value / 100);
    }
    return decimal(value, digits) + "%";
  }

  function twoDigits(number) {
    return (number < 10 ? "0" : "") + number;
  }

  function dateFormat(options) {
    if (WORDS.hourCycle && (options.hour !== undefined || options.timeStyle)) {
      options.hourCycle = WORDS.hourCycle;
    }
    return new Intl.DateTimeFormat(locale, options);
  }

  // A whole number with at least `width` digits in the locale's digits, ungrouped.
  function digits(value, width) {
    return new Intl.NumberFormat(locale, { minimumIntegerDigits: width, useGrouping: false }).format(value);
  }

  // "10:42" in the browser's zone: the server's own pattern (ScriptClock.swift), else Intl's.
  function clock(date) {
    if (!locale) {
      return twoDigits(date.getHours()) + ":" + twoDigits(date.getMinutes());
    }
    var pattern = WORDS.clock;
    if (!pattern || typeof pattern.morning !== "string" || typeof pattern.evening !== "string") {
      return dateFormat({ timeStyle: "short" }).format(date);
    }
    var hour = date.getHours();
    var shown = pattern.twelveHour ? (hour % 12 === 0 ? pattern.midnight : hour % 12) : hour;
    return fill(hour < 12 ? pattern.morning : pattern.evening, {
      hour: digits(shown, pattern.twoDigitHour ? 2 : 1), minute: digits(date.getMinutes(), 2)
    });
  }

  // "21 Nov".
  function day(date) {
    return locale ? dateFormat({ day: "numeric", month: "short" }).format(date) : date.getDate() + " " + MONTHS[date.getMonth()];
  }

  // "21 Nov 10:42": joined as the server joins them (ScriptWords.dayAndClock), else as Intl does.
  function dayAndClock(date) {
    if (locale && typeof WORDS.dayAndClock !== "string") {
      return dateFormat({ day: "numeric", month: "short", hour: "numeric", minute: "2-digit" }).format(date);
    }
    return fill(locale ? WORDS.dayAndClock : "{day} {time}", { day: day(date), time: clock(date) });
  }

  // The same rule as Wording.age: the largest whole unit.
  function age(seconds) {
    var whole = Math.floor(Math.max(0, seconds));
    if (whole < 60) {
      return count("seconds", whole);
    }
    if (whole < 3600) {
      return count("minutes", Math.floor(whole / 60));
    }
    if (whole < 86400) {
      return count("hours", Math.floor(whole / 3600));
    }
    return count("days", Math.floor(whole / 86400));
  }

  // Every data-refresh seconds (30 when unset), fetches `url` and hands its JSON to
  // `update`, marking the page data-unreachable while that fails; `after` runs after each
  // try. Browsers refuse fetch() on file: pages, so one opened as a file reloads instead.
  function refresh(url, update, after) {
    var seconds = parseInt(root.getAttribute("data-refresh"), 10);
    var interval = (seconds > 0 ? seconds : 30) * 1000;
    if (window.location.protocol === "file:") {
      window.setTimeout(function () {
        window.location.reload();
      }, interval);
      return;
    }
    var next = function () {
      fetch(url, { cache: "no-store" })
        .then(function (response) {
          if (!response.ok) {
            throw new Error("HTTP " + response.status);
          }
          return response.json();
        })
        .then(function (data) {
          update(data);
          if (root.hasAttribute("data-unreachable")) {
            root.removeAttribute("data-unreachable");
          }
        })
        .catch(function () {
          root.setAttribute("data-unreachable", "");
        })
        .then(function () {
          if (after) {
            after();
          }
          window.setTimeout(next, interval);
        });
    };
    window.setTimeout(next, interval);
  }

  // Why a target is down, in the page's language, as Wording.reason words it: the first of
  // the server's English forms the text has, translated, its seconds and sizes in the page's
  // digits. A text of no known form stays as it is.
  var REASONS = Object.keys(WORDS.reasons || {}).map(function (english) {
    var names = [];
    var pattern = english.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\\{(\w+)\\\}/g, function (whole, name) {
      names.push(name);
      return "(.+?)";
    });
    return { pattern: new RegExp("^" + pattern + "$"), names: names, text: WORDS.reasons[english] };
  });

  function reason(text) {
    for (var i = 0; i < REASONS.length; i++) {
      var found = REASONS[i].pattern.exec(text);
      if (found) {
        var values = {};
        REASONS[i].names.forEach(function (name, index) {
          var value = found[index + 1];
          var digits = (value.split(".")[1] || "").length;
          var isNumber = (name === "seconds" || name === "size") && /^\d+(\.\d+)?$/.test(value);
          values[name] = isNumber ? (digits ? decimal(Number(value), Math.min(digits, 3)) : integer(Number(value))) : value;
        });
        return fill(REASONS[i].text, values);
      }
    }
    return text;
  }

  window.netsnapLive = Object.freeze({
    age: age, clean: clean, refresh: refresh, say: say, count: count, integer: integer, decimal: decimal, percent: percent,
    clock: clock, day: day, dayAndClock: dayAndClock, isFixed: locale === null, reason: reason,
    word: function (raw) {
      return WORDS.words && typeof WORDS.words[raw] === "string" ? WORDS.words[raw] : null;
    }
  });
})();
