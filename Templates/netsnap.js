// netsnap pages: theme and background from the URL, times in the reader's zone, and a live
// refresh from widgets.json that updates the page in place.
//
// Elements say what they show: data-bind names a widgets.json path (relative to the item
// inside a list row), data-format how to write it, data-list an array to keep one row per
// item for (cloned from the <template> named by data-row-template), data-show-if a value
// that hides the element when it is zero or absent, data-sparkline a latency series to draw
// as a line. Values are only ever written with textContent or into a fixed set of attribute
// values, never parsed as HTML.
(function () {
  "use strict";

  var root = document.documentElement;
  var live = window.netsnapLive;
  var age = live.age;
  var query = new URLSearchParams(window.location.search);
  var THEMES = ["dark", "light", "night"];
  var askedTheme = THEMES.indexOf(query.get("theme")) >= 0 ? query.get("theme") : null;

  // The same rules as ClockWindow.swift: keep the two in step. "HH:MM" to minutes after
  // midnight, or NaN.
  function clockMinutes(text) {
    var match = /^([0-9]{2}):([0-9]{2})$/.exec(text || "");
    if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) {
      return NaN;
    }
    return Number(match[1]) * 60 + Number(match[2]);
  }

  // The minute of the day at `now` (ms) in the IANA zone `zone`, or in the browser's own
  // zone when it does not know that one.
  function minuteOfDay(now, zone) {
    try {
      var parts = new Intl.DateTimeFormat("en-GB", { timeZone: zone || undefined, hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
        .formatToParts(new Date(now));
      var hour = 0;
      var minute = 0;
      parts.forEach(function (part) {
        if (part.type === "hour") {
          hour = Number(part.value) % 24;
        } else if (part.type === "minute") {
          minute = Number(part.value);
        }
      });
      return hour * 60 + minute;
    } catch (error) {
      var date = new Date(now);
      return date.getHours() * 60 + date.getMinutes();
    }
  }

  function isNight(from, until, minute) {
    return from < until ? minute >= from && minute < until : minute >= from || minute < until;
  }

  // ?theme= wins; else inside the night hours the night theme, outside them the configured
  // one (or the reader's preference). Judged again at every refresh, so a page left open on
  // a wall turns red at night and back in the morning.
  function applyTheme(now) {
    var theme = askedTheme;
    if (!theme) {
      var from = clockMinutes(root.getAttribute("data-night-from"));
      var until = clockMinutes(root.getAttribute("data-night-until"));
      if (isNaN(from) || isNaN(until) || from === until) {
        return;
      }
      var night = isNight(from, until, minuteOfDay(now, root.getAttribute("data-night-zone")));
      theme = night ? "night" : root.getAttribute("data-day-theme");
    }
    if (THEMES.indexOf(theme) >= 0) {
      setAttribute(root, "data-theme", theme);
    } else if (root.hasAttribute("data-theme")) {
      root.removeAttribute("data-theme");
    }
  }
  if (query.get("bg") === "transparent") {
    root.setAttribute("data-bg", "transparent");
  }
  applyTheme(Date.now());

  var ABSENT = "\u2014";
  var STATES = ["online", "degraded", "offline", "active", "idle"];
  var DEVICE_TYPES = ["phone", "laptop", "tablet", "tv", "speaker", "gaming", "iot", "router", "printer", "unknown"];
  var WORDS = { iot: "IoT", tv: "TV", wifi: "Wi-Fi", icmp: "ICMP", tcp: "TCP", http: "HTTP", https: "HTTPS", dns: "DNS" };
  // widgets.json's English names for a network without an SSID, by connection type.
  var NETWORK_NAMES = { wifi: "wifi", ethernet: "ethernet", cellular: "cellular", none: "noNetwork" };

  // The same rules as PageFormat.swift and PageWords.swift: keep them in step.
  function isPresent(value) {
    return value !== null && value !== undefined && value !== "";
  }

  function word(raw) {
    if (!isPresent(raw)) {
      return ABSENT;
    }
    var text = String(raw);
    return live.word(text) || WORDS[text] || text.charAt(0).toUpperCase() + text.slice(1);
  }

  // widgets.json's networkName and linkLabel are English: the page's words for them come
  // from the widget they belong to, as PageWords.networkName and LinkText.label make them.
  var DERIVED = {
    networkName: function (widget, name) {
      var key = NETWORK_NAMES[widget.connectionType];
      if (!key || (widget.connectionType === "wifi" && name !== "Wi-Fi")) {
        return name;
      }
      return live.say(key);
    },
    linkLabel: function (widget, label) {
      var key = NETWORK_NAMES[widget.connectionType];
      if (!isPresent(label) || !key) {
        return label;
      }
      var kind = live.say(key);
      return typeof widget.linkSpeedMbps === "number" ? kind + live.say("separator") + formats.speed(widget.linkSpeedMbps) : kind;
    }
  };

  function group(number) {
    var digits = String(Math.abs(Math.round(number)));
    var grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    return number < 0 ? "-" + grouped : grouped;
  }

  var LATENCY_CEILING = 999999;

  // A named locale's running time, as IncidentsPageContext.duration: the largest two units
  // of whole minutes ("2 Std. 42 Min.").
  function twoUnits(minutes) {
    var hours = Math.floor(minutes / 60);
    if (minutes < 60) {
      return live.count("minutes", minutes);
    }
    if (hours < 24) {
      return live.count("hours", hours) + (minutes % 60 ? " " + live.count("minutes", minutes % 60) : "");
    }
    return live.count("days", Math.floor(hours / 24)) + (hours % 24 ? " " + live.count("hours", hours % 24) : "");
  }

  // The same rules as Freshness: keep the two in step (the age wording is live.js's).
  var CLOCK_SKEW_SECONDS = 120;
  var STALE = ["staleForAge", "staleForAgeSince", "staleSince", "staleOnDay"];
  var AHEAD = ["clockAheadByAge", "clockAheadByAgeDated", "clockAheadDated", "clockAheadOnDay"];

  // "Stale · 8 min", "Clock ahead · 5 min"… and the shorter forms of it, longest first, as
  // AgeText.labels: from a day on the date stays ("Stale since 21 Nov 10:42", "Stale · 21 Nov").
  // Empty while the data is fresh at `now` (ms).
  function staleLabels(snapshotAt, expiresAt, now) {
    var taken = Date.parse(snapshotAt || "");
    var expires = Date.parse(expiresAt || "");
    if (isNaN(taken) || isNaN(expires)) {
      return [];
    }
    var seconds = (now - taken) / 1000;
    var phrases = STALE;
    if (seconds < -CLOCK_SKEW_SECONDS) {
      phrases = AHEAD;
      seconds = -seconds;
    } else if (now <= expires) {
      return [];
    }
    var told = age(seconds);
    var short = live.say(phrases[0], { age: told });
    if (seconds < 86400) {
      return [short];
    }
    var date = live.dayAndClock(new Date(taken));
    return [live.say(phrases[1], { age: told, date: date }), live.say(phrases[2], { date: date }),
      live.say(phrases[3], { day: live.day(new Date(taken)) })];
  }

  var formats = {
    text: function (value) {
      return isPresent(value) ? String(value) : ABSENT;
    },
    reason: function (value) {
      return isPresent(value) ? live.reason(String(value)) : ABSENT;
    },
    // widgets.json's maintenance as MaintenanceMark.sentence words it.
    maintenance: function (value) {
      if (!value) {
        return "";
      }
      var what = value.everything ? live.say("maintenanceOfEverything") : live.say("maintenanceOf", { targets: (value.targets || []).join(live.say("listSeparator")) });
      return value.notes && value.notes.length
        ? live.say("maintenanceWithNotes", { maintenance: what, notes: value.notes.join(live.say("noteSeparator")) }) : what;
    },
    int: function (value) {
      if (typeof value !== "number") {
        return ABSENT;
      }
      return live.isFixed ? group(value) : live.integer(value);
    },
    // As LatencyText.swift: one decimal below 99.95 ms, a ceiling an absurd value stops at.
    ms: function (value) {
      if (typeof value !== "number") {
        return ABSENT;
      }
      if (!(value <= LATENCY_CEILING)) {
        return "> " + live.say("milliseconds", { value: live.integer(LATENCY_CEILING) });
      }
      return live.say("milliseconds", { value: live.decimal(value, value >= 99.95 ? 0 : 1) });
    },
    dbm: function (value) {
      if (typeof value !== "number") {
        return ABSENT;
      }
      if (!live.isFixed) {
        return live.say("decibelMilliwatts", { value: live.integer(value) });
      }
      return (value < 0 ? "\u2212" + -value : String(value)) + " dBm";
    },
    percent: function (value) {
      if (typeof value !== "number") {
        return ABSENT;
      }
      return live.isFixed ? value + " %" : live.percent(value, 0);
    },
    // As UptimeText.swift: one decimal rounded down, so a missed check never reads 100%;
    // empty (the element hides) without a figure.
    uptime: function (value) {
      if (typeof value !== "number") {
        return "";
      }
      if (value >= 100) {
        return live.percent(100, 0);
      }
      var tenths = Math.min(999, Math.max(0, Math.floor(value * 10)));
      return live.percent(tenths / 10, 1);
    },
    // As QualityText.swift: "20 % loss · 4.5 ms jitter", either alone, empty (the element
    // hides) without both.
    quality: function (values) {
      var parts = [];
      if (typeof values[0] === "number") {
        var tenths = Math.round(Math.min(100, Math.max(0, values[0])) * 10);
        parts.push(live.say("loss", { value: live.decimal(tenths / 10, tenths % 10 ? 1 : 0) }));
      }
      if (typeof values[1] === "number") {
        parts.push(live.say("jitter", { value: formats.ms(values[1]) }));
      }
      return parts.join(live.say("separator"));
    },
    // As LinkText.swift: "100 Mb/s", "1 Gb/s", "2.5 Gb/s".
    speed: function (value) {
      if (typeof value !== "number") {
        return ABSENT;
      }
      // One decimal below 10 Mb/s, where a whole number would hide a slow line's 2.5.
      if (value < 9.95) {
        var rounded = Math.round(value * 10) / 10;
        return live.say("megabitsPerSecond", { value: live.decimal(rounded, rounded % 1 ? 1 : 0) });
      }
      if (value < 1000) {
        return live.say("megabitsPerSecond", { value: live.integer(value) });
      }
      var tenths = Math.floor((value + 50) / 100);
      return live.say("gigabitsPerSecond", { value: live.decimal(tenths / 10, tenths % 10 ? 1 : 0) });
    },
    clock: function (value) {
      var date = new Date(value);
      if (!isPresent(value) || isNaN(date.getTime())) {
        return ABSENT;
      }
      return live.clock(date);
    },
    duration: function (value) {
      if (typeof value !== "number") {
        return ABSENT;
      }
      var minutes = Math.floor(value / 60);
      if (minutes < 1) {
        return live.say("underAMinute");
      }
      var hours = Math.floor(minutes / 60);
      if (!live.isFixed) {
        return twoUnits(minutes);
      }
      if (minutes < 60) {
        return minutes + " min";
      }
      if (hours < 24) {
        return hours + " h " + (minutes % 60) + " min";
      }
      return Math.floor(hours / 24) + " d " + (hours % 24) + " h";
    },
    word: function (value) {
      if (value === true || value === false) {
        return word(stateOf(value));
      }
      return word(value);
    },
    more: function (value) {
      if (typeof value !== "number" || value <= 0) {
        return "";
      }
      return live.isFixed ? "and " + group(value) + " more" : live.count("andMore", value);
    },
    join: function (values) {
      var present = values.filter(isPresent);
      return present.length ? present.join(live.say("listSeparator")) : ABSENT;
    }
  };

  function stateOf(value) {
    if (value === true) {
      return "online";
    }
    if (value === false) {
      return "offline";
    }
    return STATES.indexOf(value) >= 0 ? value : "";
  }

  function lookup(data, path) {
    var parts = path.split(".");
    var value = data;
    for (var i = 0; i < parts.length; i += 1) {
      if (value === null || typeof value !== "object" || !Object.prototype.hasOwnProperty.call(value, parts[i])) {
        return undefined;
      }
      value = value[parts[i]];
    }
    return value;
  }

  function setText(element, value) {
    var text = live.clean(value);
    if (element.textContent !== text) {
      element.textContent = text;
    }
  }

  function setAttribute(element, name, value) {
    if (element.getAttribute(name) !== value) {
      element.setAttribute(name, value);
    }
  }

  function apply(element, data) {
    var paths = element.getAttribute("data-bind").split(" ");
    var values = paths.map(function (path) {
      return lookup(data, path);
    });
    var value = values[0];
    var last = paths[0].slice(paths[0].lastIndexOf(".") + 1);
    if (DERIVED.hasOwnProperty(last) && paths[0].indexOf(".") > 0) {
      var widget = lookup(data, paths[0].slice(0, paths[0].lastIndexOf(".")));
      value = widget && typeof widget === "object" ? DERIVED[last](widget, value) : value;
    }
    var format = element.getAttribute("data-format") || "text";
    if (format === "dot") {
      var state = stateOf(value);
      setAttribute(element, "data-state", state);
      setAttribute(element, "aria-label", word(state));
    } else if (format === "bars") {
      var hasBars = typeof value === "number" && value >= 0 && value <= 4;
      setAttribute(element, "data-bars", hasBars ? String(value) : "none");
      setAttribute(element, "aria-label", hasBars ? live.say("signalBars", { bars: live.integer(value), total: live.integer(4) })
        : live.say("noSignalReading"));
    } else if (format === "icon") {
      var type = DEVICE_TYPES.indexOf(value) >= 0 ? value : "unknown";
      var use = element.querySelector("use");
      if (use) {
        setAttribute(use, "href", "#icon-" + type);
      }
      setAttribute(element, "aria-label", word(type));
    } else if (formats.hasOwnProperty(format)) {
      setText(element, formats[format](paths.length > 1 ? values : value));
      // An absent time is a <span> holding a dash (a <time> needs a valid date); a present
      // one keeps its machine-readable date in step.
      if (element.tagName === "TIME" && isPresent(value)) {
        setAttribute(element, "datetime", String(value));
      }
    }
  }

  // The elements of `scope` that belong to `row` (null: to the page) rather than to a list
  // row inside it.
  function own(scope, selector, row) {
    return Array.prototype.filter.call(scope.querySelectorAll(selector), function (element) {
      return element.closest("[data-row]") === row;
    });
  }

  function bindAll(scope, data, row) {
    own(scope, "[data-bind]", row).forEach(function (element) {
      apply(element, data);
    });
    own(scope, "[data-show-if]", row).forEach(function (element) {
      element.hidden = !lookup(data, element.getAttribute("data-show-if"));
    });
  }

  function updateList(list, items) {
    var template = document.getElementById(list.getAttribute("data-row-template"));
    if (!template || !Array.isArray(items)) {
      return;
    }
    var rows = Array.prototype.filter.call(list.children, function (child) {
      return child.hasAttribute("data-row");
    });
    items.forEach(function (item, index) {
      var row = rows[index];
      if (!row) {
        row = template.content.querySelector("[data-row]").cloneNode(true);
        list.appendChild(row);
      }
      bindAll(row, item, row);
    });
    for (var extra = items.length; extra < rows.length; extra += 1) {
      list.removeChild(rows[extra]);
    }
  }

  // The same geometry as SparklineView.swift: keep the two in step. A 100 × 24 box, 2 units
  // of margin above and below, broken where nothing was measured.
  var SPARK_WIDTH = 100;
  var SPARK_HEIGHT = 24;
  var SVG = "http://www.w3.org/2000/svg";

  function sparkNumber(value) {
    return String(Math.round(value * 10) / 10);
  }

  function sparklineSegments(points) {
    var values = points.filter(function (point) {
      return typeof point === "number";
    });
    var low = Math.min.apply(null, values);
    var high = Math.max.apply(null, values);
    var span = Math.max(high - low, 0.001);
    var step = SPARK_WIDTH / Math.max(points.length - 1, 1);
    var segments = [];
    var current = [];
    points.forEach(function (point, index) {
      if (typeof point !== "number") {
        if (current.length > 1) {
          segments.push(current.join(" "));
        }
        current = [];
        return;
      }
      var y = SPARK_HEIGHT - 2 - (point - low) / span * (SPARK_HEIGHT - 4);
      current.push(sparkNumber(index * step) + "," + sparkNumber(y));
    });
    if (current.length > 1) {
      segments.push(current.join(" "));
    }
    return { segments: segments, low: low, high: high };
  }

  function drawSparkline(figure, series) {
    var points = series && Array.isArray(series.points) ? series.points : [];
    var measured = points.filter(function (point) {
      return typeof point === "number";
    }).length;
    var line = measured >= 2 ? sparklineSegments(points) : null;
    var svg = figure.querySelector("svg");
    var caption = figure.querySelector("figcaption");
    if (!line || !line.segments.length || !svg || !caption) {
      figure.hidden = true;
      return;
    }
    var drawn = Array.prototype.map.call(svg.querySelectorAll("polyline"), function (polyline) {
      return polyline.getAttribute("points");
    });
    if (drawn.join("|") !== line.segments.join("|")) {
      while (svg.firstChild) {
        svg.removeChild(svg.firstChild);
      }
      line.segments.forEach(function (segment) {
        var polyline = document.createElementNS(SVG, "polyline");
        polyline.setAttribute("points", segment);
        svg.appendChild(polyline);
      });
    }
    var hours = Math.floor((series.bucketSeconds * points.length) / 3600);
    var low = formats.ms(line.low);
    var high = formats.ms(line.high);
    setText(caption, live.say("sparklineCaption", { hours: live.integer(hours), range: low + " \u2013 " + high }));
    var title = figure.getAttribute("data-sparkline-title") || "";
    setAttribute(svg, "aria-label", live.count("sparklineLabel", hours, { title: title, low: low, high: high }));
    figure.hidden = false;
  }

  function update(data) {
    bindAll(document, data, null);
    own(document, "[data-sparkline]", null).forEach(function (figure) {
      drawSparkline(figure, lookup(data, figure.getAttribute("data-sparkline")));
    });
    own(document, "[data-list]", null).forEach(function (list) {
      updateList(list, lookup(data, list.getAttribute("data-list")));
    });
    if (isPresent(data.expiresAt) && isPresent(data.snapshotAt)) {
      setAttribute(root, "data-snapshot-at", String(data.snapshotAt));
      setAttribute(root, "data-expires", String(data.expiresAt));
    }
  }

  function toggle(name, on) {
    if (on) {
      setAttribute(root, name, "");
    } else if (root.hasAttribute(name)) {
      root.removeAttribute(name);
    }
  }

  // Freshness is judged by this browser's clock, so a page whose data stopped coming says
  // so, and how old it is.
  function markFreshness() {
    var labels = staleLabels(root.getAttribute("data-snapshot-at"), root.getAttribute("data-expires"), Date.now());
    toggle("data-stale", labels.length > 0);
    Array.prototype.forEach.call(document.querySelectorAll("[data-stale-text]"), function (element) {
      fitLabel(element, labels);
    });
  }

  // The longest form of the label that fits its line, as the tiles choose: a widget's foot
  // is one line, and a small widget is narrow.
  function fitLabel(element, labels) {
    var line = element.closest(".widget-foot");
    for (var index = 0; index < labels.length; index += 1) {
      setText(element, labels[index]);
      if (!line || line.scrollWidth <= line.clientWidth) {
        return;
      }
    }
    if (!labels.length) {
      setText(element, "");
    }
  }

  function localizeTimes() {
    Array.prototype.forEach.call(document.querySelectorAll("time[datetime][data-format='clock']"), function (element) {
      setText(element, formats.clock(element.getAttribute("datetime")));
    });
  }

  function setUpEmbedCode() {
    var onServer = window.location.protocol === "http:" || window.location.protocol === "https:";
    Array.prototype.forEach.call(document.querySelectorAll("[data-embed-file]"), function (code) {
      var file = code.getAttribute("data-embed-file");
      if (onServer) {
        var address = new URL(file, window.location.href).href;
        setText(code, code.textContent.replace('src="' + file + '"', 'src="' + address + '"'));
      }
    });
    // The previews follow this page's ?theme and ?bg.
    if (window.location.search) {
      Array.prototype.forEach.call(document.querySelectorAll("iframe.frame"), function (frame) {
        frame.src = frame.getAttribute("src") + window.location.search;
      });
    }
    Array.prototype.forEach.call(document.querySelectorAll("button[data-copy]"), function (button) {
      button.addEventListener("click", function () {
        var code = document.getElementById(button.getAttribute("data-copy"));
        if (!code) {
          return;
        }
        var done = function () {
          button.textContent = live.say("copied");
        };
        if (navigator.clipboard && window.isSecureContext) {
          navigator.clipboard.writeText(code.textContent).then(done, function () {
            selectText(code);
          });
        } else {
          selectText(code);
          button.textContent = live.say("selectedPressToCopy");
        }
      });
    });
  }

  function selectText(element) {
    var range = document.createRange();
    range.selectNodeContents(element);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  function start() {
    localizeTimes();
    markFreshness();
    setUpEmbedCode();
    window.netsnapLive.refresh("widgets.json", update, function () {
      markFreshness();
      applyTheme(Date.now());
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
