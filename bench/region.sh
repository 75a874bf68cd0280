#!/usr/bin/env bash
# JPEG region decoding (issue 15), side by side in one run:
# 1. a 30000x30000 (900-megapixel) baseline JPEG, rect 0,0.8,0.1,0.1 (a 3000x3000 crop near the
#    bottom): Lightbox against `vips crop` and a sequential pyvips crop;
# 2. 24-megapixel JPEGs, smooth photo-like and noisy, rect 0.1,0.2,0.5,0.6, one job: Lightbox
#    (region decoder) against the pyvips loop, and Lightbox's libvips path (LIGHTBOX_NO_REGION=1)
#    for today's figure;
# 3. view --zoom 3 of the 24-megapixel JPEGs at 3x on a phone held upright (390x844: every
#    row of a landscape photo on screen) and turned (844x390: a third of the rows): the part on
#    screen only (region decoder) against today's whole decode (LIGHTBOX_NO_REGION=1), one job each.
for kind in smooth noisy; do
    folder=$work/region/$kind
    for f in "$folder"/img*.jpg; do
        echo "{\"input\":\"$f\",\"output\":\"$(basename "$f")\"}"
    done > "$folder/view.jsonl"
    export RESULTS=$work/region/view-$kind.txt
    : > "$RESULTS"
    for screen in 390x844 844x390; do
        rm -rf "$work/region/view-"{region,libvips}
        bench/measure.sh "view-$screen-region" "$bin" view --manifest "$folder/view.jsonl" --out-dir "$work/region/view-region" \
            --screen "$screen" --scale 3 --zoom 3 --offset 150,0 --jobs 1 -q
        LIGHTBOX_NO_REGION=1 bench/measure.sh "view-$screen-libvips-path" "$bin" view --manifest "$folder/view.jsonl" \
            --out-dir "$work/region/view-libvips" --screen "$screen" --scale 3 --zoom 3 --offset 150,0 --jobs 1 -q
    done
    echo "## Region: view --zoom 3 of $count $kind JPEGs of 6000x4000 at 3x, --jobs 1 ($(nproc) cores)"
    echo
    python3 bench/report.py "$RESULTS" "$count"
    echo
done
