/* The switch that hides the rules pages' annotations (the engine code, the scenarios and the lint findings
 * under each clause, and the coverage marks), remembered between pages in localStorage.
 *
 * The class is set on <html> as soon as this script runs (it is loaded in the page's head), so a page opens
 * as the reader left the last one, without showing the annotations first.  The switch itself is the checkbox
 * of the sidebar's "Rules by game" box (judge-games.html).
 */
(function () {
    "use strict";

    var KEY = "judge-hide-notes";
    var CLASS = "judge-hide-notes";

    function remembered() {
        try {
            return window.localStorage.getItem(KEY) === "1";
        } catch (error) {
            return false;  // storage refused (a private window): the annotations show
        }
    }

    function apply(hidden) {
        document.documentElement.classList.toggle(CLASS, hidden);
    }

    function remember(hidden) {
        try {
            window.localStorage.setItem(KEY, hidden ? "1" : "0");
        } catch (error) {
            /* not remembered; this page still follows the switch */
        }
    }

    apply(remembered());
    document.addEventListener("DOMContentLoaded", function () {
        var box = document.getElementById("judge-hide-notes");
        if (!box) {
            return;
        }
        box.checked = remembered();
        box.addEventListener("change", function () {
            apply(box.checked);
            remember(box.checked);
        });
    });
})();
