"""Writes the inputs of bench/stream.sh into FOLDER: a crop manifest of LINES lines over one
photo, a COCO instances file of ANNOTATIONS annotations (with 36-point polygons, as COCO's)
over missing images, and a journal of JOURNAL done lines with a one-line manifest to resume."""
import json
import os
import random
import sys

folder, lines, annotations, journal = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
os.makedirs(folder, exist_ok=True)
random.seed(1)
photo = os.path.abspath("Fixtures/pattern.png")
with open(os.path.join(folder, "manifest.csv"), "w") as f:
    f.write("input,x,y,width,height,output\n")
    for i in range(lines):
        f.write(f"{photo},{random.random() * 0.5:.4f},{random.random() * 0.5:.4f},0.1,0.1,c/{i}.jpg\n")
images = max(1, annotations // 7)
with open(os.path.join(folder, "instances.json"), "w") as f:
    f.write('{"images":[')
    f.write(",".join(json.dumps({"id": i, "file_name": f"{i:012d}.jpg", "width": 640, "height": 480})
                     for i in range(images)))
    f.write('],"annotations":[')
    for a in range(annotations):
        x, y = random.uniform(0, 500), random.uniform(0, 380)
        polygon = [round(random.uniform(x, x + 90), 2) for _ in range(36)]
        f.write(("," if a else "") + json.dumps({
            "segmentation": [polygon], "area": 900.0, "iscrowd": 0, "image_id": random.randrange(images),
            "bbox": [round(x, 2), round(y, 2), 90.0, 80.0], "category_id": 1, "id": a + 1}))
    f.write('],"categories":[{"id":1,"name":"thing"}]}')
cwd = os.path.abspath(folder)
with open(os.path.join(folder, "journal.jsonl"), "w") as f:
    f.write(json.dumps({"run": "2026-12-03T10:00:00Z", "command": "crop", "resume": False, "pid": 1, "cwd": cwd}) + "\n")
    for i in range(journal):
        f.write(json.dumps({
            "input": photo, "output": f"out/c/{i}.jpg", "image": {"width": 640, "height": 480},
            "rect": {"x": 0.1, "y": 0.2, "width": 0.3, "height": 0.4},
            "pixels": {"left": 64, "top": 96, "width": 192, "height": 192}, "source": "m.csv", "line": i + 2,
            "bytes": 12345, "status": "done", "milliseconds": 3}, separators=(",", ":")) + "\n")
with open(os.path.join(folder, "one.csv"), "w") as f:
    f.write(f"input,x,y,width,height,output\n{photo},0,0,0.5,0.5,c/new.jpg\n")
