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
  var age = window.netsnapLive.age;
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

  // The same rules as PageFormat.swift: keep the two in step.
  function isPresent(value) {
    return value !== null && value !== undefined && value !== "";
  }

  function word(raw) {
    if (!isPresent(raw)) {
      return ABSENT;
    }
    var text = String(raw);
    return WORDS[text] || text.charAt(0).toUpperCase() + text.slice(1);
  }

  function group(number) {
    var digits = String(Math.abs(Math.round(number)));
    var grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    return number < 0 ? "-" + grouped : grouped;
  }

  function twoDigits(number) {
    return (number < 10 ? "0" : "") + number;
  }

  // The same rules as Freshness: keep the two in step (the age wording is live.js's).
  var CLOCK_SKEW_SECONDS = 120;
  var MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

  function dayAndClock(date) {
    return date.getDate() + " " + MONTHS[date.getMonth()] + " " + twoDigits(date.getHours()) + ":" + twoDigits(date.getMinutes());
  }

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
    var word = "Stale";
    var relation = "since";
    if (seconds < -CLOCK_SKEW_SECONDS) {
      word = "Clock ahead";
      relation = "dated";
      seconds = -seconds;
    } else if (now <= expires) {
      return [];
    }
    var short = word + " \u00b7 " + age(seconds);
    if (seconds < 86400) {
      return [short];
    }
    var day = dayAndClock(new Date(taken));
    return [short + " \u2014 " + relation + " " + day, word + " " + relation + " " + day,
      word + " \u00b7 " + day.slice(0, day.lastIndexOf(" "))];
  }

  var formats = {
    text: function (value) {
      return isPresent(value) ? String(value) : ABSENT;
    },
    // widgets.json's maintenance as MaintenanceMark.sentence words it.
    maintenance: function (value) {
      if (!value) {
        return "";
      }
      var what = value.everything ? "Maintenance of the whole network" : "Maintenance: " + (value.targets || []).join(", ");
      return value.notes && value.notes.length ? what + " \u2014 " + value.notes.join("; ") : what;
    },
    int: function (value) {
      return typeof value === "number" ? group(value) : ABSENT;
    },
    ms: function (value) {
      if (typeof value !== "number") {
        return ABSENT;
      }
      if (value >= 99.95) {
        return Math.round(value) + " ms";
      }
      var tenths = Math.round(value * 10);
      return Math.floor(tenths / 10) + "." + (tenths % 10) + " ms";
    },
    dbm: function (value) {
      if (typeof value !== "number") {
        return ABSENT;
      }
      return (value < 0 ? "\u2212" + -value : String(value)) + " dBm";
    },
    percent: function (value) {
      return typeof value === "number" ? value + " %" : ABSENT;
    },
    // As UptimeText.swift: one decimal rounded down, so a missed check never reads 100%;
    // empty (the element hides) without a figure.
    uptime: function (value) {
      if (typeof value !== "number") {
        return "";
      }
      if (value >= 100) {
        return "100%";
      }
      var tenths = Math.min(999, Math.max(0, Math.floor(value * 10)));
      return Math.floor(tenths / 10) + "." + (tenths % 10) + "%";
    },
    // As QualityText.swift: "20 % loss · 4.5 ms jitter", either alone, empty (the element
    // hides) without both.
    quality: function (values) {
      var parts = [];
      if (typeof values[0] === "number") {
        var tenths = Math.round(Math.min(100, Math.max(0, values[0])) * 10);
        parts.push(Math.floor(tenths / 10) + (tenths % 10 ? "." + (tenths % 10) : "") + " % loss");
      }
      if (typeof values[1] === "number") {
        parts.push(formats.ms(values[1]) + " jitter");
      }
      return parts.join(" \u00b7 ");
    },
    // As LinkText.swift: "100 Mb/s", "1 Gb/s", "2.5 Gb/s".
    speed: function (value) {
      if (typeof value !== "number") {
        return ABSENT;
      }
      if (value < 1000) {
        return value + " Mb/s";
      }
      var tenths = Math.floor((value + 50) / 100);
      return Math.floor(tenths / 10) + (tenths % 10 ? "." + (tenths % 10) : "") + " Gb/s";
    },
    clock: function (value) {
      var date = new Date(value);
      if (!isPresent(value) || isNaN(date.getTime())) {
        return ABSENT;
      }
      return twoDigits(date.getHours()) + ":" + twoDigits(date.getMinutes());
    },
    duration: function (value) {
      if (typeof value !== "number") {
        return ABSENT;
      }
      var minutes = Math.floor(value / 60);
      if (minutes < 1) {
        return "under 1 min";
      }
      if (minutes < 60) {
        return minutes + " min";
      }
      var hours = Math.floor(minutes / 60);
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
      return typeof value === "number" && value > 0 ? "and " + group(value) + " more" : "";
    },
    join: function (values) {
      var present = values.filter(isPresent);
      return present.length ? present.join(", ") : ABSENT;
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
    var text = window.netsnapLive.clean(value);
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
    var format = element.getAttribute("data-format") || "text";
    if (format === "dot") {
      var state = stateOf(value);
      setAttribute(element, "data-state", state);
      setAttribute(element, "aria-label", word(state));
    } else if (format === "bars") {
      var hasBars = typeof value === "number" && value >= 0 && value <= 4;
      setAttribute(element, "data-bars", hasBars ? String(value) : "none");
      setAttribute(element, "aria-label", hasBars ? "Signal: " + value + " of 4 bars" : "No signal reading");
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
    var range = formats.ms(line.low) + " \u2013 " + formats.ms(line.high);
    setText(caption, "Last " + hours + " h: " + range);
    var title = figure.getAttribute("data-sparkline-title") || "";
    setAttribute(
      svg,
      "aria-label",
      title + ", last " + hours + " hours: from " + formats.ms(line.low) + " to " + formats.ms(line.high)
    );
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
          button.textContent = "Copied";
        };
        if (navigator.clipboard && window.isSecureContext) {
          navigator.clipboard.writeText(code.textContent).then(done, function () {
            selectText(code);
          });
        } else {
          selectText(code);
          button.textContent = "Selected: press Ctrl+C or \u2318C";
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
