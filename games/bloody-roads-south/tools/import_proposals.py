#!/usr/bin/env python3
"""One-time import of the shared Bloody Roads South proposals into the game's data files.

    python3 tools/import_proposals.py /path/to/shared/reference

Reads `brs_map_proposal.json` (expanded with the proposal's own `brs_map_gen.py`) and
`brs_oob_proposal.json`, applies the decisions recorded in docs/rules/bloody-roads-south.md
(section "Decisions on the proposals"), and writes:

    data/map/grid.toml  data/map/terrain.toml  data/map/elevation.toml
    data/map/roads.toml data/map/streams.toml  data/map/places.toml
    data/oob/union.toml data/oob/confederate.toml
    data/turn_record.toml

The files it writes are the source of truth from then on: correct them by hand (hex by hex),
not by re-running this script, which would overwrite the corrections. Only the Python
standard library is used. Run it from the crate directory (games/bloody-roads-south).
"""
import json
import os
import sys

CRATE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(CRATE, 'data')


def q(s):
    """A TOML basic string."""
    return '"' + s.replace('\\', '\\\\').replace('"', '\\"') + '"'


def qlist(items, per_line=8, indent='    '):
    items = [q(i) if isinstance(i, str) else str(i) for i in items]
    if len(items) <= per_line:
        return '[' + ', '.join(items) + ']'
    lines = []
    for i in range(0, len(items), per_line):
        lines.append(indent + ', '.join(items[i:i + per_line]) + ',')
    return '[\n' + '\n'.join(lines) + '\n]'


def write(path, text):
    full = os.path.join(DATA, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, 'w', encoding='utf-8') as f:
        f.write(text.rstrip('\n') + '\n')
    print('wrote', os.path.relpath(full, CRATE))


def slug(name):
    out = []
    for ch in name.lower().replace("'", ''):
        out.append(ch if ch.isalnum() else '-')
    s = ''.join(out)
    while '--' in s:
        s = s.replace('--', '-')
    return s.strip('-')


# --------------------------------------------------------------------------- map
ROAD_IDS = {
    'Orange Turnpike': 'orange-turnpike',
    'Germanna Plank Road': 'germanna-plank-road',
    'Orange Plank Road': 'orange-plank-road',
    'Brock Road': 'brock-road',
    'Culpepper Mine Road': 'culpepper-mine-road',
    'Flat Run Road': 'flat-run-road',
    "Parker's Store Road": 'parkers-store-road',
    'Lacy-Tapp trail': 'lacy-tapp-trail',
    "Richard's Shop road": 'richards-shop-road',
    'Catharpin trail (B29.01)': 'catharpin-trail',
    "Jacob's Ford trail": 'jacobs-ford-trail',
    'Mine Run trail': 'mine-run-trail',
    'Off-map link trail': 'off-map-link-trail',
}
ROAD_NAMES = {'Catharpin trail (B29.01)': 'Catharpin trail'}
CLEARING_IDS = {
    "Sander's Field": 'sanders-field',
    'Wilderness Tavern': 'wilderness-tavern',
    'Lacy (Ellwood) fields': 'lacy-fields',
    'Higgerson farm': 'higgerson-farm',
    'Jones field': 'jones-field',
    'Spottswood Clearing': 'spottswood-clearing',
    'Chewning Farm': 'chewning-farm',
    'Tapp Farm': 'tapp-farm',
    "Parker's Store": 'parkers-store',
    'Trigg farm': 'trigg-farm',
}


def import_map(ref):
    sys.path.insert(0, ref)
    import brs_map_gen as G  # the proposal's own generator (hex maths, stream hexsides)

    prop = G.load(os.path.join(ref, 'brs_map_proposal.json'))
    grid = G.Grid(prop)
    gen = G.generate(prop)

    def ids_same_sheet(g, prefer):
        ids = grid.ids_at(g)
        for i in ids:
            if i[0] == prefer:
                return i
        return ids[0]

    # ---- grid
    text = [
        '# Bloody Roads South: the hex grid of Maps A and B (reconstructed, see the rules reference,',
        '# section "The maps"). Hex ids are printed as <sheet><hexrow>.<hex>, e.g. A39.06:',
        '# hexrow = column counted from the west (left) edge, hex = counted from the south (bottom) edge.',
        '#',
        '# Geometry (fixed in code, checked against these keys when the data loads):',
        '#   flat-topped hexes stacked in vertical hexrows; even-numbered hexrows sit half a hex',
        '#   higher (further north) than odd-numbered ones.',
        '# Join: both sheets live in one frame whose coordinates are Map B\'s numbering.',
        '#   B(c, r) -> (c, r);  A(c, r) -> (c + offset[0], r + offset[1]) = (c - 6, r + 34).',
        '#   So Map A\'s bottom row of hexes (A c.01) is the same row of hexes as Map B\'s top row',
        '#   (B (c-6).35) for A7..A50 / B1..B44: those 44 hexes have two printed ids.',
        '',
        'orientation = "flat-top"',
        'stagger = "even-hexrows-up"',
        '',
    ]
    for m in ('A', 'B'):
        s = prop['maps'][m]
        text += [
            '[[sheet]]',
            'name = %s' % q(m),
            'hexrows = [%d, %d]' % tuple(s['cols']),
            'hexes = [%d, %d]' % tuple(s['rows']),
            'offset = [%d, %d]' % tuple(s['to_global']),
            'covers = %s' % q(s['covers']),
            '',
        ]
    write('map/grid.toml', '\n'.join(text))

    # ---- terrain (clearings)
    text = [
        '# Terrain of Maps A and B (reconstructed). Every hex that is not listed in a clearing is',
        '# Wilderness (rule 1.2). A clearing is open ground ("clear" on the Movement Chart).',
        '# A hex on the shared row may be listed by either of its two ids.',
        '# source: book = fixed by the rulebook; history = placed from the real 1864 ground;',
        '# guess = a design choice. Correct a clearing by editing its hex list.',
        '',
        'default = "wilderness"',
        '',
    ]
    for c in prop['clearings']:
        text += [
            '[[clearing]]',
            'id = %s' % q(CLEARING_IDS[c['name']]),
            'name = %s' % q(c['name']),
        ]
        if c.get('alias'):
            text.append('aliases = %s' % qlist(c['alias']))
        text += [
            'hexes = %s' % qlist(c['hexes']),
            'source = %s' % q(c['source']),
            'confidence = %s' % q(c['confidence']),
            'note = %s' % q(c['note']),
            '',
        ]
    write('map/terrain.toml', '\n'.join(text))

    # ---- elevation: one string per hexrow, character k = level of hex k+1 (bottom to top)
    text = [
        '# Elevation levels of Maps A and B (reconstructed; 1 level = 30 ft, series 4.0).',
        '# One line per hexrow: the string gives the level of each hex of that hexrow from hex 01',
        '# (south edge) to hex 35 (north edge). Example: under [A], "15" = "4444..." means A15.01 is',
        '# level 4, A15.02 level 4, ... Map errata: B17.35 and B18.35 are level 3 (= A23.01, A24.01).',
        '# The shared row appears on both sheets and must agree.',
        '',
    ]
    for m in ('A', 'B'):
        mp = gen['maps'][m]
        c0, c1 = mp['cols']
        r0, r1 = mp['rows']
        text.append('[%s]' % m)
        for c in range(c0, c1 + 1):
            levels = ''.join(str(mp['hexes']['%s%d.%02d' % (m, c, r)]['level']) for r in range(r0, r1 + 1))
            text.append('%s = %s' % (q(str(c)), q(levels)))
        text.append('')
    write('map/elevation.toml', '\n'.join(text))

    # ---- roads and railroad
    def path_ids(path, first_sheet):
        out = []
        prev_sheet = first_sheet
        for h in path:
            g = grid.to_global(h)
            hid = ids_same_sheet(g, prev_sheet)
            out.append(hid)
            prev_sheet = hid[0]
        return out

    text = [
        '# Roads, trails and the Unfinished Railroad (reconstructed). Each path is the ordered list',
        '# of hexes the road runs through; consecutive hexes are adjacent and the road crosses the',
        '# hexside between them (series 16.2: road rates apply only when moving along that hexside).',
        '# class: pike (Orange Turnpike), primary (the plank roads), secondary, trail (rule 1.1).',
        '# The Catharpin Road runs off-map south of Map B (see off_map_road below).',
        '',
    ]
    for rd in prop['roads']:
        text += [
            '[[road]]',
            'id = %s' % q(ROAD_IDS[rd['name']]),
            'name = %s' % q(ROAD_NAMES.get(rd['name'], rd['name'])),
            'class = %s' % q(rd['class']),
            'source = %s' % q(rd['source']),
            'confidence = %s' % q(rd['confidence']),
            'note = %s' % q(rd['note']),
            'path = %s' % qlist(path_ids(rd['path'], rd['path'][0][0])),
            '',
        ]
    rr = prop['railroads'][0]
    text += [
        '[railroad]',
        'id = "unfinished-railroad"',
        'name = "Unfinished Railroad"',
        'union_discovery_hex = %s' % q(rr['discovery_hex_union']),
        'misprinted_discovery_hex = %s' % q(rr['misprinted_discovery_hex']),
        'source = %s' % q(rr['source']),
        'confidence = %s' % q(rr['confidence']),
        'note = %s' % q(rr['note']),
        'path = %s' % qlist(path_ids(rr['path'], 'B')),
        '',
    ]
    for nr in prop['roads_not_placed']:
        text += [
            '[[off_map_road]]',
            'name = %s' % q(nr['name']),
            'feeds = ["B1.20", "B29.01", "B39.01"]',
            'note = %s' % q(nr['reason'] + ' Longstreet reaches the map from it at B1.20 (Richard\'s Shop road), '
                              'at B29.01 (Catharpin trail) or at Entry F (Brock Road), rules 4.3b and 4.5b.'),
            '',
        ]
    write('map/roads.toml', '\n'.join(text))

    # ---- streams: hexsides from the generated map
    text = [
        '# Streams and the Rapidan River as hexside features (reconstructed). A hexside is written',
        '# HEX:DIR with DIR one of N, NE, SE, S, SW, NW (flat-topped hexes); each hexside is listed',
        '# once, from either of its two hexes. Where a road crosses a stream hexside there is a',
        '# bridge (pike, primary or secondary road) or a ford (trail). The Rapidan may be crossed',
        '# only at its ford (rule 1.4).',
        '',
    ]
    by_stream = {}
    for hs in gen['hexsides']:
        feats = hs['features']
        for f in feats:
            if f.startswith('creek:') or f.startswith('river:'):
                by_stream.setdefault(f.split(':', 1)[1], []).append(hs['side'])
    for st in prop['streams']:
        sides = sorted(by_stream.get(st['name'], []))
        text += [
            '[[stream]]',
            'id = %s' % q(slug(st['name'].replace('(headwaters)', ''))),
            'name = %s' % q(st['name']),
            'kind = %s' % q(st['type']),
            'source = %s' % q(st['source']),
            'confidence = %s' % q(st['confidence']),
            'note = %s' % q(st['note']),
            'hexsides = %s' % qlist(sides, per_line=6),
            '',
        ]
    for fd in prop['fords']:
        a, b = fd['hexside']
        d = G.Grid.direction(grid.to_global(a), grid.to_global(b))
        text += [
            '[[ford]]',
            'name = %s' % q(fd['name']),
            'stream = "rapidan-river"',
            'hexside = %s' % q('%s:%s' % (a, d)),
            'road = %s' % q(ROAD_IDS[fd['road']]),
            'source = %s' % q(fd['source']),
            'note = %s' % q(fd['note']),
            '',
        ]
    write('map/streams.toml', '\n'.join(text))

    # ---- places and entries
    text = [
        '# Named places, entry hexes and other edge hexes of Maps A and B (reconstructed).',
        '# Hexes named by the rulebook carry source "book".',
        '',
    ]
    place_ids = {
        'Wilderness Tavern': 'wilderness-tavern',
        "Sander's Field": 'sanders-field',
        'A12.10 (Turnpike / Flat Run Road junction)': 'turnpike-flat-run-junction',
        'Turnpike / Culpepper Mine Road junction': 'turnpike-culpepper-mine-junction',
        'Turnpike / Germanna Plank Road junction': 'turnpike-germanna-junction',
        "Grant's knoll (AUS/A Pot HQ)": 'grants-knoll',
        'Lacy house (Ellwood)': 'lacy-house',
        'Higgerson house': 'higgerson-house',
        'Jones field': 'jones-field',
        'Spottswood (Spotswood house)': 'spottswood',
        'Culpeper Mine Ford': 'culpeper-mine-ford',
        '9 Corps assembly area': 'ninth-corps-assembly',
        'Germanna Ford (off-map)': 'toward-germanna-ford',
        "Parker's Store": 'parkers-store',
        'Chewning Farm': 'chewning-farm',
        'Tapp Farm': 'tapp-farm',
        "Lee's HQ (Widow Tapp)": 'lees-hq',
        'Brock Crossing': 'brock-crossing',
        'Trigg': 'trigg',
        'Unfinished Railroad discovery hex (Union)': 'railroad-discovery-hex',
        'Misprinted discovery hex': 'misprinted-discovery-hex',
        "Warren's flank objective": 'warrens-flank-objective',
        'Plank Road attack objective': 'plank-road-objective',
        '3/5 exit hex': 'third-division-exit',
        'Army of the Potomac trains (2-map)': 'union-trains',
        'Army of the Potomac trains (Map A only)': 'union-trains-map-a',
    }
    for p in prop['named_places']:
        hexes = p.get('hexes') or [p['hex']]
        text += [
            '[[place]]',
            'id = %s' % q(place_ids[p['name']]),
            'name = %s' % q(p['name']),
            'hex = %s' % q(p['hex']),
        ]
        if len(hexes) > 1:
            text.append('hexes = %s' % qlist(hexes))
        text += [
            'kind = %s' % q(p['kind']),
            'source = %s' % q(p['source']),
            '',
        ]
    for letter, e in sorted(prop['entry_hexes'].items()):
        text += [
            '[[entry]]',
            'code = %s' % q(letter),
            'hexes = %s' % qlist(e['hexes']),
            'edge = %s' % q(e['edge']),
            'road = %s' % q(e['road']),
            'area = %s' % ('true' if e.get('area') else 'false'),
            'source = %s' % q(e['source']),
            'users = %s' % q(e['users']),
            '',
        ]
    text += [
        '[off_map_link]',
        '# Rule 4.2: Confederate off-map movement between these two hexes only (or any map-edge',
        '# hex within 10 hexes of them when blocked).',
        'hexes = ["A1.01", "B1.21"]',
        '',
    ]
    write('map/places.toml', '\n'.join(text))


# --------------------------------------------------------------------------- order of battle
SUCCESSION_FIX = {
    # senior division commander by date of rank (series 25.4a); see the rules reference
    ('US', '2'): ['Birney', 'Gibbon', 'Mott', 'Barlow'],
    ('US', '5'): ['Wadsworth', 'Crawford', 'Robinson', 'Griffin'],
    ('US', '6'): ['Wright', 'Ricketts', 'Getty'],
}
VARIANT_IDS = {'3.8a': 'ferrero-joins', '4.5a': 'pickett-joins'}
INITIATIVE = {'none': 'none', 'any': 'any', 'simple_only': 'simple-only', 'release_only': 'release-only'}
MOVES_AS = {'leader': 'leader', 'as_limbered_artillery': 'limbered-artillery'}


def battery_id(a):
    # "US-2b-1" -> "2b-1"; "US-Db-2" -> "Db-2"
    return a['id'].split('-', 1)[1]


def import_oob(ref):
    d = json.load(open(os.path.join(ref, 'brs_oob_proposal.json'), encoding='utf-8'))
    for side, fname, title in (('US', 'union.toml', 'Union'), ('CS', 'confederate.toml', 'Confederate')):
        t = [
            '# Bloody Roads South: %s order of battle (reconstructed; see the rules reference,' % title,
            '# section "Order of battle"). Ids are written as the rulebook writes them and are unique',
            '# within one side. Strengths are in steps (1 step = 100 men); gun points (1 GP ~ 3 guns).',
            '# loss_chart lists the fire-level bands of the printed loss chart from left to right with',
            '# their number of boxes ("AA4 AB5 A5 B3 C3"): losses fill boxes from the left, and the',
            '# band holding the first empty box is the current fire level. wreck_after = the number',
            '# of boxes to the left of the brigade\'s wreck line.',
            '',
            'side = %s' % q('union' if side == 'US' else 'confederate'),
            '',
        ]
        for a in d['armies']:
            if a['side'] != side:
                continue
            t += ['[[army]]', 'id = %s' % q(a['id']), 'name = %s' % q(a['name']),
                  'commander = %s' % q(a['commander']), 'hq = %s' % q(a['hq']),
                  'subordinate = %s' % qlist(a['subordinate']),
                  'succession = %s' % qlist(a['succession'])]
            if a.get('direct_units'):
                t.append('direct_units = %s' % qlist(a['direct_units']))
            if a.get('notes'):
                t.append('note = %s' % q(a['notes']))
            t.append('')
        for c in d['corps']:
            if c['side'] != side:
                continue
            succession = SUCCESSION_FIX.get((side, c['id']), c['succession'])
            army = {'AoP': 'A Pot', 'ANVa': 'ANVa', 'independent (Grant)': 'AUS'}[c['army']]
            t += ['[[corps]]', 'id = %s' % q(c['id']), 'name = %s' % q(c['name']),
                  'commander = %s' % q(c['commander']), 'hq = %s' % q(c['hq']),
                  'wagon = %s' % q(c['wagon']), 'army = %s' % q(army),
                  'divisions = %s' % qlist(c['divisions']),
                  'artillery = %s' % qlist([battery_id({'id': x}) for x in c['artillery']]),
                  'succession = %s' % qlist(succession)]
            if c.get('notes'):
                t.append('note = %s' % q(c['notes']))
            t.append('')
        for x in d['divisions']:
            if x['side'] != side:
                continue
            t += ['[[division]]', 'id = %s' % q(x['id']), 'name = %s' % q(x['name']),
                  'corps = %s' % q(x['corps']), 'leader = %s' % q(x['leader']),
                  'brigades = %s' % qlist(x['brigades']),
                  'wreck_threshold = %d' % x['wreck_threshold']]
            if x.get('variant'):
                t.append('variant = %s' % q(VARIANT_IDS[x['variant']]))
            if x.get('notes'):
                t.append('note = %s' % q(x['notes']))
            t.append('')
        for b in d['brigades']:
            if b['side'] != side:
                continue
            chart = ' '.join('%s%d' % (band['fire_level'], band['boxes']) for band in b['loss_chart'])
            t += ['[[brigade]]', 'id = %s' % q(b['id'])]
            if b['division']:
                t.append('division = %s' % q(b['division']))
            t += ['corps = %s' % q('A Pot' if b['corps'] == 'AoP' else b['corps']),
                  'name = %s' % q(b['brigade_name']), 'commander = %s' % q(b['commander']),
                  'steps = %d' % b['steps'], 'morale = %s' % q(b['morale'])]
            if b['wreck_morale'] != b['morale']:
                t.append('wreck_morale = %s' % q(b['wreck_morale']))
            if b['straggler_morale'] != b['morale']:
                t.append('straggler_morale = %s' % q(b['straggler_morale']))
            t += ['loss_chart = %s' % q(chart), 'wreck_after = %d' % b['wreck_losses']]
            if b['plus_weapons']:
                t.append('plus_weapons = true')
            if not b['counts_for_division_wreck']:
                t.append('attachable = %s' % q({'Prov/9': 'any-9-corps-division', 'Kitching': 'any-aop-division',
                                                'Engineers': 'any-aop-division'}[b['id']]))
            variant = {'1/4/9': 'ferrero-joins', '2/4/9': 'ferrero-joins', 'Ba/P/1': 'pickett-joins',
                       'Hu/P/1': 'pickett-joins', 'C/P/1': 'pickett-joins', 'T/P/1': 'pickett-joins'}.get(b['id'])
            if variant:
                t.append('variant = %s' % q(variant))
            t.append('regiments = %s' % qlist(b['regiments'], per_line=6))
            if b['notes']:
                t.append('note = %s' % q(b['notes']))
            t.append('')
        for l in d['leaders']:
            if l['side'] != side:
                continue
            lid = {'US-Repl': 'Replacement', 'CS-Repl': 'Replacement'}.get(l['id'], l['id'])
            command = l['command']
            if command and command.endswith(' Corps'):
                command = command[:-len(' Corps')]
            t += ['[[leader]]', 'id = %s' % q(lid), 'name = %s' % q(l['name']), 'rank = %s' % q(l['rank'])]
            if command:
                t.append('command = %s' % q(command))
            t += ['rating = %d' % l['rating'], 'anti_initiative = %d' % l['anti_initiative'],
                  'initiative = %s' % q(INITIATIVE[l['initiative']]),
                  'moves_as = %s' % q(MOVES_AS[l['movement']]),
                  'rating_source = %s' % q('book' if l['rating_source'].startswith('book') else 'estimate')]
            if l.get('rating_reason') and not l['rating_source'].startswith('book'):
                t.append('rating_reason = %s' % q(l['rating_reason']))
            if l.get('book_names') and l['book_names'] != [lid]:
                t.append('book_names = %s' % qlist(l['book_names']))
            t.append('')
        for a in d['artillery']:
            if a['side'] != side:
                continue
            t += ['[[battery]]', 'id = %s' % q(battery_id(a)), 'label = %s' % q(a['book_label']),
                  'corps = %s' % q(a['corps']), 'gun_points = %d' % a['gun_points'],
                  'detachment = %s' % ('true' if a['kind'] == 'detachment' else 'false'),
                  'historical = %s' % q(a['historical'])]
            if a['id'] == 'US-9b-4':
                t.append('variant = "ferrero-joins"')
            if a.get('notes'):
                t.append('note = %s' % q(a['notes']))
            t.append('')
        for h in d['hqs']:
            if h['side'] != side:
                continue
            kind = 'army' if h['kind'] == 'army HQ' else 'corps'
            t += ['[[hq]]', 'id = %s' % q(h['id']), 'kind = %s' % q(kind), 'leader = %s' % q(h['leader'])]
            if h.get('notes'):
                t.append('note = %s' % q(h['notes']))
            t.append('')
        for w in d['wagons']:
            if w['side'] != side:
                continue
            kind = 'corps-wagon' if w['kind'] == 'corps supply wagon' else (
                'off-map-train' if 'off-map' in w['kind'] else 'army-train')
            t += ['[[wagon]]', 'id = %s' % q(w['id']), 'kind = %s' % q(kind)]
            if w['corps']:
                t.append('corps = %s' % q(w['corps']))
            if isinstance(w['supply_points'], int):
                t.append('supply_points = %d' % w['supply_points'])
            if w.get('notes'):
                t.append('note = %s' % q(w['notes']))
            t.append('')
        for s in d['special']:
            if s['side'] != side:
                continue
            t += ['[[special]]', 'id = %s' % q(s['id']), 'name = %s' % q(s['name']),
                  'kind = "blocking-marker"', 'book_names = %s' % qlist(s['book_names']),
                  'note = %s' % q(s['notes']), '']
        write('oob/' + fname, '\n'.join(t))


# --------------------------------------------------------------------------- turn record
def fmt_time(minutes):
    h, m = divmod(minutes, 60)
    suffix = 'am' if h < 12 or h == 24 else 'pm'
    h12 = h % 12 or 12
    return '%d:%02d%s' % (h12, m, suffix)


def import_turns():
    t = [
        '# Turn Record Track (reconstructed; see the rules reference, section "Time").',
        '# Day turns 5:00am-8:00pm, night turns 9:00pm-4:00am. Dates are calendar dates, except',
        '# that the 12:00am (midnight) turn is the last turn of the date that is ending: the Day',
        '# marker advances after it (series 1.1d).',
        '# minutes = game time from this turn to the next; visibility in hexes (absent = unlimited).',
        '',
    ]
    date, clock = 5, 5 * 60
    while (date, clock) <= (7, 20 * 60):
        day = 5 * 60 <= clock <= 20 * 60
        minutes = 30 if 5 * 60 <= clock < 20 * 60 else 60
        vis = 4 if clock == 5 * 60 else 2 if clock == 20 * 60 else None if day else 1
        t += ['[[turn]]', 'date = "%d May"' % date, 'time = %s' % q(fmt_time(clock % (24 * 60))),
              'period = %s' % q('day' if day else 'night'), 'minutes = %d' % minutes]
        if vis is not None:
            t.append('visibility = %d' % vis)
        t.append('')
        clock += minutes
        if clock > 24 * 60:       # past the midnight turn: the Day marker advances
            clock -= 24 * 60
            date += 1
    write('turn_record.toml', '\n'.join(t))


def main(argv):
    if len(argv) != 2:
        print(__doc__)
        return 2
    ref = os.path.abspath(argv[1])
    import_map(ref)
    import_oob(ref)
    import_turns()
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
