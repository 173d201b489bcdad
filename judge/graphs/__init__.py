"""Graphs of the rules and of replayed games (networkx).

Conventions shared by every graph here, so exports and views read them alike:

* node attributes: ``kind`` (what the node is), ``label`` (short text to show),
  ``clause`` (a clause id, or ``""``), ``title`` (the clause's heading, or ``""``);
  dynamic graphs add ``turn``, ``phase``, ``player``, ``card``, ``seq`` (the
  record's place in the trace) and ``entry`` (-1 when no log entry caused it);
* edge attribute ``relation``: ``next``, ``checked_at``, ``may_trigger`` (the
  procedure graph); ``parent``, ``refers_to``, ``uses_term`` (the clause graph);
  ``performed``, ``played``, ``caused``, ``triggered`` (a replay);
* every attribute value is a str, int, float or bool (GraphML and GEXF need it).
"""
