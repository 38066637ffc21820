// Filters by proof status: a legend checkbox hides the claims of its status and dims their nodes.
(function () {
  var boxes = document.querySelectorAll('input[data-filter]');
  function apply() {
    var hidden = {};
    boxes.forEach(function (box) { if (!box.checked) { hidden[box.getAttribute('data-filter')] = true; } });
    document.querySelectorAll('[data-status-class]').forEach(function (el) {
      var off = hidden[el.getAttribute('data-status-class')] === true;
      if (el.tagName.toLowerCase() === 'section') { el.hidden = off; } else { el.classList.toggle('dim', off); }
    });
  }
  boxes.forEach(function (box) { box.addEventListener('change', apply); });
  document.querySelectorAll('button[data-all]').forEach(function (button) {
    button.addEventListener('click', function () {
      var on = button.getAttribute('data-all') === 'on';
      boxes.forEach(function (box) { box.checked = on; });
      apply();
    });
  });
  document.documentElement.setAttribute('data-filters', 'ready');
  apply();
}());
